import { canonicalJson } from "../../lib/json";
import { sha256OfText } from "../../lib/sha256";
import type { ConfigurationDocument } from "./document";

/**
 * SHA-256 over the document's canonical JSON (keys sorted at every depth): the `contentHash` that export
 * carries and import can expect. Hashes already stored stay valid: the canonical text has not changed.
 */
export async function contentHashOf(document: ConfigurationDocument): Promise<string> {
  return `sha256:${await sha256OfText(canonicalJson(document))}`;
}
