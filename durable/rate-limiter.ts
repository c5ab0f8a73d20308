import { DurableObject } from "cloudflare:workers";
import { type Grant, grantUnits, type Unused, type Window } from "../worker/domain/rate-limits/window";
import type { Env } from "../worker/env";

/**
 * One object per API key counts its requests (CONTRACT 8.2). The count lives in memory: every grant of the
 * key's units, to any isolate or location, comes from this one object, so no window ever allows more than the
 * budget; if the runtime evicts an idle object the window starts afresh, which only ever forgives requests.
 */
export class RateLimiter extends DurableObject<Env> {
  #window: Window | null = null;

  /** Takes back what an isolate did not use, then grants it a share of what remains. */
  grant(limit: number, unused: Unused | null): Grant {
    const { grant, window } = grantUnits(this.#window, limit, Date.now(), unused);
    this.#window = window;
    return grant;
  }
}
