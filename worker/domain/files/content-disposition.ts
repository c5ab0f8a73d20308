/**
 * `Content-Disposition` of a file's content read (CONTRACT section 6, Files; RFC 6266 with the RFC 8187
 * extended parameter): `attachment; filename="<fallback>"; filename*=UTF-8''<percent-encoded name>`.
 */

/** The name with `"`, `\` and every character outside printable ASCII replaced by `_` (one per code point). */
export function asciiFallback(name: string): string {
  let out = "";
  for (const char of name) {
    const code = char.codePointAt(0) ?? 0;
    out += code < 0x20 || code > 0x7e || char === '"' || char === "\\" ? "_" : char;
  }
  return out;
}

/** RFC 8187 `attr-char`: the bytes sent as they are; every other UTF-8 byte is `%XX`. */
const ATTR_CHAR = /^[A-Za-z0-9!#$&+\-.^_`|~]$/;

export function rfc8187Encode(name: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(name)) {
    const char = String.fromCharCode(byte);
    out += byte < 0x80 && ATTR_CHAR.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

export function contentDisposition(name: string): string {
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${rfc8187Encode(name)}`;
}
