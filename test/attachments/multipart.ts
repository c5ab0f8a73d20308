import { SELF } from "cloudflare:test";
import { BASE } from "../support/harness";

/** One part of a hand-built multipart body; `headers` replaces the generated Content-Disposition line. */
export interface Part {
  name: string;
  value: string | Uint8Array;
  filename?: string;
  contentType?: string;
  headers?: string;
}

export const BOUNDARY = "----test-boundary-7MA4YWxkTrZu0gW";
const encoder = new TextEncoder();

/** A `multipart/form-data` body, byte for byte as the parts say (filenames are written as given, in UTF-8). */
export function multipartBody(parts: Part[], boundary = BOUNDARY): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? "" : `; filename="${part.filename}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : "";
    const disposition = part.headers ?? `Content-Disposition: form-data; name="${part.name}"${filename}${type}`;
    chunks.push(encoder.encode(`--${boundary}\r\n${disposition}\r\n\r\n`));
    chunks.push(typeof part.value === "string" ? encoder.encode(part.value) : part.value);
    chunks.push(encoder.encode("\r\n"));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** POSTs a body to `P/files` and returns status, headers and parsed JSON. */
export async function upload(
  companyId: string,
  key: string,
  body: BodyInit,
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
) {
  const res = await SELF.fetch(`${BASE}/api/v1/companies/${companyId}/files`, {
    method: "POST",
    headers: { Authorization: key, "Content-Type": contentType },
    body,
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** Every byte value 0..255 once, then again reversed: a body no text decoding survives. */
export function allByteValues(): Uint8Array {
  const bytes = new Uint8Array(512);
  for (let i = 0; i < 256; i++) {
    bytes[i] = i;
    bytes[511 - i] = i;
  }
  return bytes;
}

/** Reads a file's content as bytes, with the headers. */
export async function download(companyId: string, key: string, fileId: string) {
  const res = await SELF.fetch(`${BASE}/api/v1/companies/${companyId}/files/${fileId}/content`, {
    headers: { Authorization: key },
  });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}
