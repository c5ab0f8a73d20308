/**
 * Verified API keys, kept in the isolate for at most `KEY_CACHE_TTL_MS` (issue 16): authentication on a warm
 * isolate needs no D1 round trip, and a revocation, retirement or budget change still reaches every isolate
 * within that bound; in the isolate that made the change it applies at once (`forgetKey`, `forgetCompany`).
 * Bounded by entries; the oldest goes first. Unknown keys are never cached, so a new key works at once.
 */

export const KEY_CACHE_TTL_MS = 1_000;
const MAX_ENTRIES = 10_000;

export class VerifiedKeyCache<K extends { id: string; companyId: string }> {
  readonly #entries = new Map<string, { key: K; expiresAt: number }>();

  constructor(
    private readonly ttlMs = KEY_CACHE_TTL_MS,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  get(keyHash: string, now: number): K | null {
    const entry = this.#entries.get(keyHash);
    if (!entry) return null;
    if (entry.expiresAt <= now) {
      this.#entries.delete(keyHash);
      return null;
    }
    return entry.key;
  }

  set(keyHash: string, key: K, now: number): void {
    this.#entries.delete(keyHash);
    this.#entries.set(keyHash, { key, expiresAt: now + this.ttlMs });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  forgetKey(keyId: string): void {
    for (const [hash, entry] of this.#entries) if (entry.key.id === keyId) this.#entries.delete(hash);
  }

  forgetCompany(companyId: string): void {
    for (const [hash, entry] of this.#entries) if (entry.key.companyId === companyId) this.#entries.delete(hash);
  }

  get size(): number {
    return this.#entries.size;
  }
}
