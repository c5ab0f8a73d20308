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

/** When a key's D1 read started, and how many key changes this isolate had made by then. */
export interface KeyReadTicket {
  startedAt: number;
  forgets: number;
}

export class VerifiedKeyCache<K extends { id: string; companyId: string }> {
  readonly #entries: BoundedMap<{ key: K; expiresAt: number }>;
  /** How many changes this isolate has made to keys (`forgetKey`, `forgetCompany`). */
  #forgets = 0;

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

  /** A D1 read of a key about to start at `now`: the ticket its answer is kept with (`set`). */
  beginRead(now: number): KeyReadTicket {
    return { startedAt: now, forgets: this.#forgets };
  }

  /**
   * Keeps `key`, read from D1 under `ticket`, for the bound from the read's start: never renewed by use. Not
   * kept when this isolate forgot keys while the read was under way, since the read may predate that change (a
   * revocation here must apply at once); the next call reads again.
   */
  set(rawKey: string, key: K, ticket: KeyReadTicket): void {
    if (ticket.forgets !== this.#forgets) return;
    this.#entries.set(rawKey, { key, expiresAt: ticket.startedAt + this.ttlMs });
  }

  forgetKey(keyId: string): void {
    this.#forgets++;
    this.#entries.deleteWhere((entry) => entry.key.id === keyId);
  }

  forgetCompany(companyId: string): void {
    this.#forgets++;
    this.#entries.deleteWhere((entry) => entry.key.companyId === companyId);
  }

  get size(): number {
    return this.#entries.size;
  }
}
