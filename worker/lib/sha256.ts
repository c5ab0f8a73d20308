/** SHA-256 in lowercase hex, of a whole text or of bytes as they arrive. */

export const hexOf = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

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
