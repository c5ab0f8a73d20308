import type { Allowance } from "../domain/rate-limits/allowance";
import { BoundedMap } from "../lib/bounded-map";

const MAX_ENTRIES = 10_000;

/**
 * This isolate's rate-limit allowances by API key id (issue 16): bounded by entries, the oldest dropped
 * first. A dropped allowance's units are not given back; they lapse with their window (at most a minute), so
 * dropping one can only make the key's count stricter, never looser.
 */
export class KeyAllowances {
  readonly #entries: BoundedMap<Allowance>;

  constructor(maxEntries = MAX_ENTRIES) {
    this.#entries = new BoundedMap(maxEntries);
  }

  get(keyId: string): Allowance | null {
    return this.#entries.get(keyId) ?? null;
  }

  /** Removes and returns the key's allowance, so its units are given back by one request only. */
  take(keyId: string): Allowance | null {
    const held = this.get(keyId);
    this.#entries.delete(keyId);
    return held;
  }

  set(keyId: string, allowance: Allowance): void {
    this.#entries.set(keyId, allowance);
  }
}
