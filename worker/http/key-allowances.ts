import { ALLOWANCE_TTL_MS, type Allowance, wantsTopUp } from "../domain/rate-limits/allowance";
import { BoundedMap } from "../lib/bounded-map";

const MAX_ENTRIES = 10_000;

/**
 * This isolate's rate-limit allowances by API key id (issue 16): bounded by entries, the oldest dropped
 * first. A dropped allowance's units are not given back; they lapse with their window (at most a minute), so
 * dropping one can only make the key's count stricter, never looser.
 */
export class KeyAllowances {
  readonly #entries: BoundedMap<Allowance>;
  /** Keys with a top-up under way, and when a call claimed it. */
  readonly #toppingUp: BoundedMap<number>;

  constructor(maxEntries = MAX_ENTRIES) {
    this.#entries = new BoundedMap(maxEntries);
    this.#toppingUp = new BoundedMap(maxEntries);
  }

  /**
   * Whether the call that just spent from the key's allowance should ask for a top-up in the background: true
   * for one call while `wantsTopUp` holds, until `endTopUp`. A claim whose top-up never ended (its call was
   * cancelled) is let go after the allowance's own lifetime.
   */
  claimTopUp(keyId: string, limit: number, now: number): boolean {
    if (!wantsTopUp(this.get(keyId), limit, now)) return false;
    const claimedAt = this.#toppingUp.get(keyId);
    if (claimedAt !== undefined && now - claimedAt < ALLOWANCE_TTL_MS) return false;
    this.#toppingUp.set(keyId, now);
    return true;
  }

  endTopUp(keyId: string): void {
    this.#toppingUp.delete(keyId);
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
