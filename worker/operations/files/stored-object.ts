/**
 * Where a file's bytes live: the R2 object `files/<companyId>/<fileId>` of binding FILES (CONTRACT
 * section 6, Files: a key made of the company id and the file id).
 */
export const objectKeyOf = (companyId: string, fileId: string) => `files/${companyId}/${fileId}`;

/** R2 multipart parts must be at least 5 MiB and, except the last, all the same size. */
const PART_BYTES = 5 * 1024 * 1024;
const FIRST_BUFFER_BYTES = 64 * 1024;

/**
 * Writes one object as its bytes arrive, holding at most one 5 MiB part in memory: a file that fits in one
 * part is stored with a single `put` (checked against its SHA-256 by R2), a larger one as a multipart
 * upload whose parts are sent as they fill. Nothing is visible under the key until `finish` succeeds;
 * `discard` undoes whatever was done (an aborted multipart upload leaves no object).
 */
export class StoredObjectWriter {
  private buffer = new Uint8Array(FIRST_BUFFER_BYTES);
  private filled = 0;
  private upload: R2MultipartUpload | null = null;
  private readonly parts: R2UploadedPart[] = [];
  private stored = false;

  constructor(
    private readonly bucket: R2Bucket,
    readonly key: string,
    private readonly contentType: string,
  ) {}

  async write(chunk: Uint8Array): Promise<void> {
    let offset = 0;
    while (offset < chunk.length) {
      // A full part is sent only once more bytes arrive, so the last part is never empty.
      if (this.filled === PART_BYTES) await this.sendPart();
      this.makeRoom(Math.min(PART_BYTES, this.filled + chunk.length - offset));
      const take = Math.min(this.buffer.length - this.filled, chunk.length - offset);
      this.buffer.set(chunk.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
    }
  }

  /** Grows the buffer (doubling, up to one part) so it holds `needed` bytes. */
  private makeRoom(needed: number) {
    if (needed <= this.buffer.length) return;
    let size = this.buffer.length;
    while (size < needed) size = Math.min(PART_BYTES, size * 2);
    const grown = new Uint8Array(size);
    grown.set(this.buffer.subarray(0, this.filled));
    this.buffer = grown;
  }

  private async sendPart() {
    this.upload ??= await this.bucket.createMultipartUpload(this.key, {
      httpMetadata: { contentType: this.contentType },
    });
    // The part is sent before the buffer is reused: uploadPart has read it once its promise settles.
    this.parts.push(await this.upload.uploadPart(this.parts.length + 1, this.buffer));
    this.filled = 0;
  }

  /** Stores what was written; `sha256` (lowercase hex) lets R2 check a single-part object. */
  async finish(sha256: string): Promise<void> {
    const rest = this.buffer.subarray(0, this.filled);
    if (this.upload) {
      this.parts.push(await this.upload.uploadPart(this.parts.length + 1, rest));
      await this.upload.complete(this.parts);
    } else {
      await this.bucket.put(this.key, rest, { httpMetadata: { contentType: this.contentType }, sha256 });
    }
    this.stored = true;
    this.buffer = new Uint8Array(0);
  }

  /** Removes whatever this writer stored or started; safe to call more than once. */
  async discard(): Promise<void> {
    this.buffer = new Uint8Array(0);
    if (this.stored) {
      await this.bucket.delete(this.key);
    } else if (this.upload) {
      const upload = this.upload;
      this.upload = null;
      await upload.abort();
    }
  }
}
