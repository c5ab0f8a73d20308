import { loadConfiguration, replaceConfiguration, type StoredConfiguration } from "../../db/queries/configuration";
import { recordsUsing } from "../../db/queries/configuration-usage";
import { candidateBreaks, describeBreak } from "../../domain/configuration/breaking-changes";
import { contentHashOf } from "../../domain/configuration/canonical";
import type { ConfigurationDocument } from "../../domain/configuration/document";
import { type ImportChanges, importChanges } from "../../domain/configuration/import-changes";
import type { ValidationIssue } from "../../domain/configuration/issues";
import { readDocument } from "../../domain/configuration/read-document";
import { ApiError, type FieldError } from "../../errors/api-error";
import {
  breakingConfigurationChange,
  contentHashMismatch,
  invalidConfiguration,
} from "../../errors/configuration-refusals";
import { finished, lostRace, withVersionRetry } from "../../lib/version-retry";
import { requireSandboxCompany } from "../company/require-company";
import { holds, type OperationContext } from "../context";

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
    const stored = await loadConfiguration(ctx.db, ctx.companyId);
    const stale = expectedContentHashes.find((hash) => hash !== stored.contentHash);
    if (stale !== undefined) throw contentHashMismatch(stored.contentHash, stale);

    const { document, issues } = readDocument(request.body, stored.document);
    if (!document) throw invalidConfiguration(issues);
    if (!request.force) await refuseBreakingChanges(ctx, stored.document, document);

    const contentHash = await contentHashOf(document);
    const result: ImportResult = {
      contentHash,
      previousContentHash: stored.contentHash,
      changed: contentHash !== stored.contentHash,
      changes: importChanges(stored.document, document),
      warnings: issues.filter((i) => i.severity === "warning"),
    };
    if (!result.changed) return finished(result);
    return (await write(ctx, stored, document, contentHash)) ? finished(result) : lostRace;
  }, "configuration");
}

const write = (ctx: OperationContext, stored: StoredConfiguration, document: ConfigurationDocument, hash: string) =>
  replaceConfiguration(ctx.db, ctx.companyId, {
    document,
    contentHash: hash,
    readVersion: stored.version,
    updatedAt: ctx.now.toISOString(),
  });

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
    throw new ApiError({
      code: "VALIDATION_ERROR",
      message: "expectedContentHash must be a string",
      details: [{ field: "expectedContentHash", message: "must be text" }],
    });
  }
  return [request.expectedContentHash, fromBody].filter((hash): hash is string => typeof hash === "string");
}

/** A removal or kind change is breaking only while stored data uses what it removes (CONTRACT section 2). */
async function refuseBreakingChanges(
  ctx: OperationContext,
  before: ConfigurationDocument,
  after: ConfigurationDocument,
): Promise<void> {
  const changes = candidateBreaks(before, after);
  const counts = await recordsUsing(ctx.db, ctx.companyId, changes);
  const breaking: FieldError[] = changes.flatMap((change, i) => {
    const count = counts[i] ?? 0;
    return count > 0 ? [{ field: change.path, message: describeBreak(change, count) }] : [];
  });
  if (breaking.length > 0) throw breakingConfigurationChange(breaking);
}
