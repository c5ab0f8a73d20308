/**
 * A map of at most `maxEntries` entries and, when given a size for each value, at most `maxBytes` of them:
 * setting a key makes it the newest, and past either bound the oldest go first (CONTRACT 8.3: caches shared
 * across companies are bounded by bytes). Shared by the isolate's caches of verified keys and rate-limit
 * allowances.
 */
export class BoundedMap<V> {
  readonly #entries = new Map<string, { value: V; bytes: number }>();
  #bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly sizing: { maxBytes: number; bytesOf: (key: string, value: V) => number } | null = null,
  ) {}

  get(key: string): V | undefined {
    return this.#entries.get(key)?.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const bytes = this.sizing?.bytesOf(key, value) ?? 0;
    if (this.sizing && bytes > this.sizing.maxBytes) return; // larger than the whole bound: not kept
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    while (this.#entries.size > this.maxEntries || (this.sizing && this.#bytes > this.sizing.maxBytes)) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  /** Removes every entry whose value `matches`. */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.#entries) if (matches(entry.value)) this.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The sizes of the values held, as `bytesOf` measured them (0 without sizing). */
  get bytes(): number {
    return this.#bytes;
  }
}
