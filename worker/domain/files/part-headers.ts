/**
 * The headers of one part of a `multipart/form-data` upload (RFC 7578), read the way CONTRACT section 6
 * fixes: the part's `name` parameter, and for the file part the UTF-8 text between the quotes of its
 * `filename` parameter, taken as it is (percent sequences are not decoded; a name holding `"` or `\`
 * goes in the `name` part instead).
 */
export interface PartHeaders {
  /** The form field name; null when the part names none. */
  name: string | null;
  /** The quoted `filename`, or null when absent (a `filename*` alone does not count). */
  filename: string | null;
  /** The part's `Content-Type` as sent (surrounding white space trimmed), or null. */
  contentType: string | null;
}

/** Header lines as `[lowercase name, value]`; folded or malformed lines give null. */
function headerLines(text: string): Array<[string, string]> | null {
  const lines: Array<[string, string]> = [];
  for (const line of text.split("\r\n")) {
    if (line === "") continue;
    const colon = line.indexOf(":");
    if (colon <= 0 || /^[\t ]/.test(line)) return null;
    lines.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return lines;
}

/** A `; param="value"` or `; param=token` parameter of a Content-Disposition value (exact, case-insensitive name). */
function parameter(value: string, param: string, quotedOnly: boolean): string | null {
  const quoted = new RegExp(`;\\s*${param}\\s*=\\s*"([^"]*)"`, "i").exec(value);
  if (quoted) return quoted[1] ?? null;
  if (quotedOnly) return null;
  const token = new RegExp(`;\\s*${param}\\s*=\\s*([^";\\s]+)`, "i").exec(value);
  return token?.[1] ?? null;
}

/** Reads a part's headers; null when they are not well-formed `form-data` part headers. */
export function readPartHeaders(text: string): PartHeaders | null {
  const lines = headerLines(text);
  if (!lines) return null;
  const disposition = lines.filter(([name]) => name === "content-disposition");
  const types = lines.filter(([name]) => name === "content-type");
  if (disposition.length !== 1 || types.length > 1) return null;
  const value = disposition[0]?.[1] ?? "";
  if (!/^form-data\s*(;|$)/i.test(value)) return null;
  return {
    name: parameter(value, "name", false),
    filename: parameter(value, "filename", true),
    contentType: types[0]?.[1] ?? null,
  };
}
