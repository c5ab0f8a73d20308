/**
 * A map of at most `maxEntries` entries: setting a key makes it the newest, and past the bound the oldest go
 * first. Shared by the isolate's caches of verified keys and rate-limit allowances.
 */
export class BoundedMap<V> {
  readonly #entries = new Map<string, V>();

  constructor(private readonly maxEntries: number) {}

  get(key: string): V | undefined {
    return this.#entries.get(key);
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  /** Removes every entry whose value `matches`. */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, value] of this.#entries) if (matches(value)) this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
