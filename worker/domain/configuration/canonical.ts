import { canonicalJson } from "../../lib/json";
import type { ConfigurationDocument } from "./document";

/**
 * SHA-256 over the document's canonical JSON (keys sorted at every depth): the `contentHash` that export
 * carries and import can expect. Hashes already stored stay valid: the canonical text has not changed.
 */
export async function contentHashOf(document: ConfigurationDocument): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonicalJson(document)));
  return `sha256:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}
