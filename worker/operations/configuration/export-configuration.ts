import { type ConfigurationDocument, DOCUMENT_MEMBERS } from "../../domain/configuration/document";
import type { OperationContext } from "../context";
import { configurationOf } from "./configuration-of";

/** The stored configuration in canonical form: every member present, in the document's member order. */
export async function exportConfiguration(
  ctx: OperationContext,
): Promise<ConfigurationDocument & { contentHash: string }> {
  const stored = await configurationOf(ctx);
  const ordered = Object.fromEntries(DOCUMENT_MEMBERS.map((member) => [member, stored.document[member]]));
  return { ...(ordered as ConfigurationDocument), contentHash: stored.contentHash };
}
