import { BoundedMap } from "../lib/bounded-map";

/**
 * Verified API keys, kept in the isolate for at most `KEY_CACHE_TTL_MS` (issue 16): authentication on a warm
 * isolate needs no D1 round trip, and a revocation, retirement or budget change still reaches every isolate
 * within that bound; in the isolate that made the change it applies at once (`forgetKey`, `forgetCompany`).
 * Bounded by entries; the oldest goes first. Unknown keys are never cached, so a new key works at once. Entries
 * are keyed by the raw key as presented, so a hit computes no hash; an entry past its bound is dropped at its next
 * use or pushed out by newer ones.
 */

export const KEY_CACHE_TTL_MS = 1_000;
const MAX_ENTRIES = 10_000;

export class VerifiedKeyCache<K extends { id: string; companyId: string }> {
  readonly #entries: BoundedMap<{ key: K; expiresAt: number }>;

  constructor(
    private readonly ttlMs = KEY_CACHE_TTL_MS,
    maxEntries = MAX_ENTRIES,
  ) {
    this.#entries = new BoundedMap(maxEntries);
  }

  get(rawKey: string, now: number): K | null {
    const entry = this.#entries.get(rawKey);
    if (!entry) return null;
    if (entry.expiresAt <= now) {
      this.#entries.delete(rawKey);
      return null;
    }
    return entry.key;
  }

  /** Starts `rawKey`'s bound at `now`: call it only with a key just read from D1, never to renew a cached one. */
  set(rawKey: string, key: K, now: number): void {
    this.#entries.set(rawKey, { key, expiresAt: now + this.ttlMs });
  }

  forgetKey(keyId: string): void {
    this.#entries.deleteWhere((entry) => entry.key.id === keyId);
  }

  forgetCompany(companyId: string): void {
    this.#entries.deleteWhere((entry) => entry.key.companyId === companyId);
  }

  get size(): number {
    return this.#entries.size;
  }
}
