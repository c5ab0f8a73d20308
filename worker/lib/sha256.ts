/** SHA-256 in lowercase hex, of a whole text or of bytes as they arrive. */

/** "00" to "ff", by byte value. */
const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** Bytes in lowercase hex: a table lookup per byte (every authenticated call hashes its key). */
export function hexOf(bytes: ArrayBuffer): string {
  let hex = "";
  for (const byte of new Uint8Array(bytes)) hex += HEX_BYTES[byte];
  return hex;
}

/** The SHA-256 of a text's UTF-8 bytes. */
export const sha256OfText = async (text: string) =>
  hexOf(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));

/** A SHA-256 computed as bytes arrive, so no body is held whole to be hashed. */
export class StreamingSha256 {
  private readonly digest = new crypto.DigestStream("SHA-256");
  private readonly writer = this.digest.getWriter();

  write(chunk: Uint8Array): Promise<void> {
    return this.writer.write(chunk);
  }

  /** Ends the input and answers its SHA-256. */
  async hex(): Promise<string> {
    await this.writer.close();
    return hexOf(await this.digest.digest);
  }
}
