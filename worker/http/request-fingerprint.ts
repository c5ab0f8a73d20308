import type { Context } from "hono";
import { canonicalJson } from "../lib/json";
import type { AppEnv } from "./context";

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
const sha256 = async (data: string | ArrayBuffer | Uint8Array) =>
  hex(await crypto.subtle.digest("SHA-256", typeof data === "string" ? new TextEncoder().encode(data) : data));

/**
 * A SHA-256 of what makes two requests the same one (CONTRACT 8.1): method, path and body, the body
 * compared as its kind is: JSON in canonical form (members sorted), `multipart/form-data` part by part
 * (names and order, text values, each file's name, media type and SHA-256: boundaries differ between
 * retries), anything else byte for byte. Only the digest is kept, never the body.
 */
export async function requestFingerprint(c: Context<AppEnv>): Promise<string> {
  const head = `${c.req.method}\n${c.req.path}\n`;
  const json = c.get("jsonBody");
  if (json !== undefined) return sha256(`${head}json\n${canonicalJson(json)}`);
  const request = c.req.raw.clone();
  if (!request.body) return sha256(`${head}empty`);
  const contentType = request.headers.get("Content-Type") ?? "";
  if (/^multipart\/form-data\b/i.test(contentType)) {
    const parts: unknown[] = [];
    for (const [name, value] of await request.formData()) {
      parts.push(
        typeof value === "string"
          ? [name, value]
          : [name, value.name, value.type, await sha256(await value.arrayBuffer())],
      );
    }
    return sha256(`${head}multipart\n${JSON.stringify(parts)}`);
  }
  return sha256(`${head}bytes ${contentType}\n${await sha256(await request.arrayBuffer())}`);
}
