import { loadConfiguration, loadConfigurationStamp, type StoredConfiguration } from "../../db/queries/configuration";
import type { OperationContext } from "../context";
import type { KeptPolicy } from "../policies/kept-policies";
import { DocumentsByHash } from "./documents-by-hash";

/**
 * What the company object keeps between its operations (issue 16, lever 3): the configuration, which only
 * operations it runs can change (import, reset); it forgets it after each of those. And the policies it
 * last transacted on.
 */
export interface CompanyMemo {
  configuration?: StoredConfiguration;
  /** Policies by id, most recently used last (`worker/operations/policies/kept-policies.ts`). */
  policies?: Map<string, KeptPolicy>;
}

/** This isolate's parsed documents, for operations that run in the worker. */
const documents = new DocumentsByHash();

/**
 * The company's configuration: from the object's memory when the operation runs there and has read it since
 * the last change (no D1 round trip), each caller getting its own copy so no operation can change what the
 * next one reads; in the worker, the current version and hash from D1 and the document this isolate parsed
 * under that hash (deep-frozen), read whole only when it has not.
 */
export async function configurationOf(ctx: OperationContext): Promise<StoredConfiguration> {
  const memo = ctx.memo;
  if (!memo) return sharedConfiguration(ctx);
  memo.configuration ??= await loadConfiguration(ctx.db, ctx.companyId);
  return structuredClone(memo.configuration);
}

async function sharedConfiguration(ctx: OperationContext): Promise<StoredConfiguration> {
  const stamp = await loadConfigurationStamp(ctx.db, ctx.companyId);
  // Before the first import: the empty document, as D1 reads it.
  if (!stamp) return loadConfiguration(ctx.db, ctx.companyId);
  const known = documents.get(stamp.contentHash);
  if (known) return { ...stamp, document: known };
  const stored = await loadConfiguration(ctx.db, ctx.companyId);
  const bytes = JSON.stringify(stored.document).length;
  return { ...stored, document: documents.set(stored.contentHash, stored.document, bytes) };
}
