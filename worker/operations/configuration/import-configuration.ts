import { guardedReceiptStatement } from "../../db/queries/audit-log";
import {
  configurationIs,
  replaceConfigurationStatement,
  type StoredConfiguration,
} from "../../db/queries/configuration";
import { recordsUsing } from "../../db/queries/configuration-usage";
import { loadMemberRows, syncMemberStatements, usedMemberNames } from "../../db/queries/financial-members";
import { deleteLinksOfStatement } from "../../db/queries/relationships";
import { type CandidateBreak, candidateBreaks, describeBreak } from "../../domain/configuration/breaking-changes";
import { contentHashOf } from "../../domain/configuration/canonical";
import type { ConfigurationDocument } from "../../domain/configuration/document";
import { type ImportChanges, importChanges } from "../../domain/configuration/import-changes";
import type { ValidationIssue } from "../../domain/configuration/issues";
import { readDocument } from "../../domain/configuration/read-document";
import { syncMembers } from "../../domain/financials/members";
import { ApiError, type FieldError } from "../../errors/api-error";
import {
  breakingConfigurationChange,
  contentHashMismatch,
  expectedContentHashNotText,
  invalidConfiguration,
} from "../../errors/configuration-refusals";
import { finished, lostRace, withVersionRetry } from "../../lib/version-retry";
import { auditReceipt } from "../audit-receipt";
import { requireSandboxCompany } from "../company/require-company";
import { holds, type OperationContext } from "../context";
import { configurationOf } from "./configuration-of";

export interface ImportRequest {
  /** The request body: a configuration document, which may carry `expectedContentHash`. */
  body: Record<string, unknown>;
  /** `?force=true`: pass the breaking-change gate (needs `company.reset`; Sandbox companies only). */
  force: boolean;
  /** `?expectedContentHash=`; the body member may give a second one, and both must match. */
  expectedContentHash?: string | undefined;
}

export interface ImportResult {
  contentHash: string;
  previousContentHash: string;
  changed: boolean;
  changes: ImportChanges;
  warnings: ValidationIssue[];
}

/**
 * Serialized in the company object, so imports of one company never interleave with each other nor with
 * the writes the gate guards (record creates and updates, event writes, links, policy transactions all run
 * there): hash check, validation, the breaking-change gate, then one write guarded by the version read. A
 * refusal changes nothing.
 */
export async function importConfiguration(ctx: OperationContext, request: ImportRequest): Promise<ImportResult> {
  if (request.force && !holds(ctx.actor, "company.reset")) throw forceNotPermitted();
  const expectedContentHashes = expectedHashesOf(request);
  if (request.force) await requireSandboxCompany(ctx, "A forced import");

  return withVersionRetry(async () => {
    const stored = await configurationOf(ctx);
    const stale = expectedContentHashes.find((hash) => hash !== stored.contentHash);
    if (stale !== undefined) throw contentHashMismatch(stored.contentHash, stale);

    const usage = await usedMemberNames(ctx.db, ctx.companyId);
    const { document, issues } = readDocument(request.body, stored.document, usage);
    if (!document) throw invalidConfiguration(issues);
    const breaking = await breakingChanges(ctx, stored.document, document);
    if (breaking.length && !request.force) throw breakingConfigurationChange(breaking.map(asDetail));

    const contentHash = await contentHashOf(document);
    const result: ImportResult = {
      contentHash,
      previousContentHash: stored.contentHash,
      changed: contentHash !== stored.contentHash,
      changes: importChanges(stored.document, document),
      warnings: issues.filter((i) => i.severity === "warning"),
    };
    if (!result.changed) return finished(result);
    const forced = request.force;
    return (await write(ctx, { stored, document, contentHash, breaking, forced })) ? finished(result) : lostRace;
  }, "configuration");
}

interface ImportWrite {
  stored: StoredConfiguration;
  document: ConfigurationDocument;
  contentHash: string;
  /** The breaking changes a forced import applies (none for an unforced one). */
  breaking: readonly BreakingChange[];
  /** `?force=true`: the import commits a receipt saying so (item 10), with what it overrode. */
  forced: boolean;
}

/** What a forced import's receipt records: the hashes, and each breaking change it applied anyway. */
const forcedImportDetail = (change: ImportWrite) => ({
  forced: true,
  previousContentHash: change.stored.contentHash,
  contentHash: change.contentHash,
  breakingChanges: change.breaking.map(asDetail),
  relationshipLinksRemoved: change.breaking.flatMap((b) =>
    b.change.relationshipKey ? [b.change.relationshipKey] : [],
  ),
});

/**
 * One batch: the configuration, guarded by the version read, the ids of its financial categories and line
 * item types (kept for kept names, minted for new ones), and for a forced import its audit receipt and the
 * links of every relationship it removes or redefines (item 5: links never outlive their relationship's
 * meaning). Everything after the configuration runs only when it was written. False when another write
 * replaced the version first.
 */
async function write(ctx: OperationContext, change: ImportWrite): Promise<boolean> {
  const { stored, document, contentHash } = change;
  const readVersion = stored.version;
  const updatedAt = ctx.now.toISOString();
  const replace = replaceConfigurationStatement(ctx.db, ctx.companyId, {
    document,
    contentHash,
    readVersion,
    updatedAt,
  });
  const written = configurationIs(ctx.db, ctx.companyId, readVersion + 1, contentHash);
  const sync = syncMembers(await loadMemberRows(ctx.db, ctx.companyId), document.financials, () => crypto.randomUUID());
  const members = syncMemberStatements(ctx.db, ctx.companyId, sync, written, updatedAt);
  const relationshipKeys = change.breaking.flatMap((b) => b.change.relationshipKey ?? []);
  const forced = change.forced
    ? [
        guardedReceiptStatement(ctx.db, auditReceipt(ctx, "importConfiguration"), forcedImportDetail(change), written),
        deleteLinksOfStatement(ctx.db, ctx.companyId, relationshipKeys, written),
      ]
    : [];
  const [replaced] = await ctx.db.batch([replace, ...members, ...forced]);
  return replaced.length > 0;
}

function forceNotPermitted(): ApiError {
  return new ApiError({
    code: "AuthorizationError",
    message: "User is not authorized to perform the requested action",
    userMessages: ["Forcing an import needs the company.reset permission."],
  });
}

/** The hashes the caller expects the stored configuration to have: the query's and the body member's. */
function expectedHashesOf(request: ImportRequest): string[] {
  const fromBody = request.body.expectedContentHash;
  if (fromBody !== undefined && typeof fromBody !== "string") {
    throw expectedContentHashNotText();
  }
  return [request.expectedContentHash, fromBody].filter((hash): hash is string => typeof hash === "string");
}

/** A change some stored data uses, and how many records or links use it. */
interface BreakingChange {
  change: CandidateBreak;
  count: number;
}

const asDetail = ({ change, count }: BreakingChange): FieldError => ({
  field: change.path,
  message: describeBreak(change, count),
});

/** A removal or kind change is breaking only while stored data uses what it removes (CONTRACT section 2). */
async function breakingChanges(
  ctx: OperationContext,
  before: ConfigurationDocument,
  after: ConfigurationDocument,
): Promise<BreakingChange[]> {
  const changes = candidateBreaks(before, after);
  const counts = await recordsUsing(ctx.db, ctx.companyId, changes);
  return changes.flatMap((change, i) => {
    const count = counts[i] ?? 0;
    return count > 0 ? [{ change, count }] : [];
  });
}
