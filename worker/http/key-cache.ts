import { BoundedMap } from "../lib/bounded-map";

/**
 * Verified API keys, kept in the isolate for at most `KEY_CACHE_TTL_MS` (issue 16): authentication on a warm
 * isolate needs no D1 round trip, and a revocation, retirement or budget change still reaches every isolate
 * within that bound; in the isolate that made the change it applies at once (`forgetKey`, `forgetCompany`).
 * Bounded by entries and by bytes (CONTRACT 8.3; a key's grants may name up to 500 permissions); the oldest
 * goes first. Unknown keys are never cached, so a new key works at once. Entries
 * are keyed by the raw key as presented, so a hit computes no hash; an entry past its bound is dropped at its next
 * use or pushed out by newer ones.
 *
 * A key used after `KEY_REFRESH_AFTER_MS` is read again in the background by one call (`claimRefresh`), which
 * answers from the entry meanwhile: a key in steady use never makes a call wait on its D1 read, and the calls of
 * the moment it would expire do not each read it (on the edge a read is a round trip to the database's region).
 * The refreshed entry counts its bound from the new read's start, so the bound holds as before.
 */

export const KEY_CACHE_TTL_MS = 1_000;
/** An entry this old is read again in the background by the next call that uses it. */
export const KEY_REFRESH_AFTER_MS = 500;
const MAX_ENTRIES = 10_000;
/** The most the verified keys may hold, measured as `keyBytes` measures them. */
export const KEY_CACHE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * What an entry holds, estimated: its key as JSON text plus the raw key, two bytes a character (strings are
 * UTF-16), doubled for the grants derived from the permissions.
 */
export const keyBytes = (rawKey: string, key: unknown) => 2 * (rawKey.length + 2 * JSON.stringify(key).length);

/** When a key's D1 read started, and how many key changes this isolate had made by then. */
export interface KeyReadTicket {
  startedAt: number;
  forgets: number;
}

interface Entry<K> {
  key: K;
  expiresAt: number;
  refreshAt: number;
  /** A call has claimed the background read of this entry (`claimRefresh`) and it has not ended. */
  refreshing: boolean;
}

export class VerifiedKeyCache<K extends { id: string; companyId: string }> {
  readonly #entries: BoundedMap<Entry<K>>;
  /** How many changes this isolate has made to keys (`forgetKey`, `forgetCompany`). */
  #forgets = 0;

  constructor(
    private readonly ttlMs = KEY_CACHE_TTL_MS,
    maxEntries = MAX_ENTRIES,
    private readonly refreshAfterMs = KEY_REFRESH_AFTER_MS,
    maxBytes = KEY_CACHE_MAX_BYTES,
  ) {
    this.#entries = new BoundedMap(maxEntries, { maxBytes, bytesOf: (rawKey, entry) => keyBytes(rawKey, entry.key) });
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
    this.#entries.set(rawKey, {
      key,
      expiresAt: ticket.startedAt + this.ttlMs,
      refreshAt: ticket.startedAt + this.refreshAfterMs,
      refreshing: false,
    });
  }

  /**
   * Whether the call using `rawKey`'s entry at `now` should read the key again in the background: true for one
   * call once the entry is `refreshAfterMs` old, until that read ends (`refreshed`, `refreshFailed`). A read
   * that never ends costs nothing but the refresh: the entry still lapses at its bound.
   */
  claimRefresh(rawKey: string, now: number): boolean {
    const entry = this.#entries.get(rawKey);
    if (!entry || entry.refreshing || now < entry.refreshAt || now >= entry.expiresAt) return false;
    entry.refreshing = true;
    return true;
  }

  /** A background read's answer: the key as D1 now holds it (kept as `set` keeps it), or gone (`null`). */
  refreshed(rawKey: string, key: K | null, ticket: KeyReadTicket): void {
    // The claim ends first: `set` keeps nothing when this isolate forgot keys during the read.
    this.#endRefresh(rawKey);
    if (key === null) this.#entries.delete(rawKey);
    else this.set(rawKey, key, ticket);
  }

  /** A background read that failed: the entry answers until its bound, and the next call may try again. */
  refreshFailed(rawKey: string): void {
    this.#endRefresh(rawKey);
  }

  #endRefresh(rawKey: string): void {
    const entry = this.#entries.get(rawKey);
    if (entry) entry.refreshing = false;
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

  get bytes(): number {
    return this.#entries.bytes;
  }
}
