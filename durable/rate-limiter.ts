import { DurableObject } from "cloudflare:workers";
import { type Decision, take, type Window } from "../worker/domain/rate-limits/window";
import type { Env } from "../worker/env";

/**
 * One object per API key counts its requests (CONTRACT 8.2). The count lives in memory: every request of
 * the key, from any isolate or location, reaches this one object, so the count is exact while it runs; if
 * the runtime evicts an idle object the window starts afresh, which only ever forgives requests.
 */
export class RateLimiter extends DurableObject<Env> {
  #window: Window | null = null;

  take(limit: number): Decision {
    const { decision, window } = take(this.#window, limit, Date.now());
    this.#window = window;
    return decision;
  }
}
