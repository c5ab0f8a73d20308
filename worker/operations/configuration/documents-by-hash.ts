import type { ConfigurationDocument } from "../../domain/configuration/document";
import { deepFreeze } from "../../lib/deep-freeze";

/** At most this many bytes of configuration JSON are kept per isolate (CONTRACT 8.3: shared caches by bytes). */
export const DOCUMENTS_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Parsed configuration documents by content hash, shared by this isolate's requests and companies (issue 16,
 * no configuration parsing on hot reads). A content hash names one document, so an entry can never be stale:
 * a read looks up the company's current hash (a one-row read) and parses the document only when it is new
 * here. Documents are deep-frozen, so no request can change what another reads. The least recently used go
 * first past the byte bound.
 */
export class DocumentsByHash {
  readonly #entries = new Map<string, { document: ConfigurationDocument; bytes: number }>();
  #bytes = 0;

  constructor(private readonly maxBytes = DOCUMENTS_MAX_BYTES) {}

  get(contentHash: string): ConfigurationDocument | null {
    const entry = this.#entries.get(contentHash);
    if (!entry) return null;
    this.#entries.delete(contentHash);
    this.#entries.set(contentHash, entry);
    return entry.document;
  }

  /** Keeps `document` (frozen in place) under its hash; one larger than the whole bound is not kept. */
  set(contentHash: string, document: ConfigurationDocument, bytes: number): ConfigurationDocument {
    const frozen = deepFreeze(document);
    if (bytes > this.maxBytes || this.#entries.has(contentHash)) return frozen;
    this.#entries.set(contentHash, { document: frozen, bytes });
    this.#bytes += bytes;
    for (const [hash, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(hash);
      this.#bytes -= entry.bytes;
    }
    return frozen;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }
}
