import type { CompiledSelect } from "../../db/compiled-select";
import {
  type ConfigurationStamp,
  configurationStamp,
  loadConfiguration,
  type StampFields,
  type StoredConfiguration,
  splitStamp,
} from "../../db/queries/configuration";
import type { MemberRow } from "../../domain/financials/members";
import { deepFreeze } from "../../lib/deep-freeze";
import type { OperationContext } from "../context";
import type { KeptLedger } from "../financials/kept-ledger";
import type { GroupReads } from "../policies/commit-group";
import type { KeptPolicy } from "../policies/kept-policies";
import { DocumentsByHash } from "./documents-by-hash";

/**
 * What the company object keeps between its operations (issue 16, lever 3): the configuration, which only
 * operations it runs can change (import, reset); it forgets it after each of those. And the policies it
 * last transacted on, the sequences only it takes, and its ledger's state.
 */
export interface CompanyMemo {
  configuration?: StoredConfiguration;
  /** Policies by id, most recently used last (`worker/operations/policies/kept-policies.ts`). */
  policies?: Map<string, KeptPolicy>;
  /** Reads commit groups share, kept until the next other exclusive operation (`keptGroupReads`). */
  groupReads?: GroupReads;
  /** Where the sequences only the object takes stand, by name (`worker/operations/company/owned-sequences.ts`). */
  sequences?: Map<string, number>;
  /** The ledger as the last invoice create or payment left it (`worker/operations/financials/kept-ledger.ts`). */
  ledger?: KeptLedger;
  /** The financial member rows, which only an import or a reset changes (`memberRowsOf`). */
  financialMembers?: readonly MemberRow[];
}

/** This isolate's parsed documents, for operations that run in the worker. */
const documents = new DocumentsByHash();

/**
 * The company's configuration: from the object's memory when the operation runs there and has read it since
 * the last change (no D1 round trip), deep-frozen so no operation can change what the next one reads (a copy
 * per call cost 3% of an entity create's CPU); in the worker, the current version and hash from D1 and the document this isolate parsed
 * under that hash (deep-frozen), read whole only when it has not.
 */
export async function configurationOf(ctx: OperationContext): Promise<StoredConfiguration> {
  const memo = ctx.memo;
  if (!memo) return sharedConfiguration(ctx);
  memo.configuration ??= deepFreeze(await loadConfiguration(ctx.db, ctx.companyId));
  return memo.configuration;
}

/**
 * One of the company's rows, read with its configuration stamp (`stampFields`), and the company's configuration:
 * in the worker, one statement sent at once (its caller reads nothing beside it) and the document this isolate
 * parsed under the stamp's hash (read whole only when it has not); in the object, the row beside what it keeps.
 * Null when there is no such row.
 */
export async function readWithConfiguration<Row extends StampFields, Values extends { companyId: string }>(
  ctx: OperationContext,
  read: CompiledSelect<Row, Values>,
  values: Values,
): Promise<{ row: Omit<Row, keyof StampFields>; configuration: StoredConfiguration } | null> {
  const d1 = ctx.db.$client;
  if (ctx.memo) {
    const [[found], configuration] = await Promise.all([read.run(d1, values), configurationOf(ctx)]);
    return found ? { row: splitStamp(found)[0], configuration } : null;
  }
  // The call's only read: sent at once rather than waiting for others to join it.
  const [found] = await read.runAlone(d1, values);
  if (!found) return null;
  const [row, stamp] = splitStamp(found);
  return { row, configuration: await configurationStamped(ctx, stamp) };
}

async function sharedConfiguration(ctx: OperationContext): Promise<StoredConfiguration> {
  const [stamp] = await configurationStamp.run(ctx.db.$client, { companyId: ctx.companyId });
  return configurationStamped(ctx, stamp ?? null);
}

/** The document this isolate parsed under `stamp`'s hash, else the stored configuration read whole. */
async function configurationStamped(ctx: OperationContext, stamp: ConfigurationStamp | null) {
  // Before the first import: the empty document, as D1 reads it.
  if (!stamp) return loadConfiguration(ctx.db, ctx.companyId);
  const known = documents.get(stamp.contentHash);
  if (known) return { ...stamp, document: known };
  const stored = await loadConfiguration(ctx.db, ctx.companyId);
  const bytes = JSON.stringify(stored.document).length;
  return { ...stored, document: documents.set(stored.contentHash, stored.document, bytes) };
}
