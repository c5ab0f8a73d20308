import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { recordsUsing } from "../../db/queries/configuration-usage";
import { companyConfigurations } from "../../db/schema";
import { candidateBreaks, describeBreak } from "../../domain/configuration/breaking-changes";
import { contentHashOf } from "../../domain/configuration/canonical";
import { type ImportChanges, importChanges } from "../../domain/configuration/import-changes";
import type { ValidationIssue } from "../../domain/configuration/issues";
import { readDocument } from "../../domain/configuration/read-document";
import { ApiError } from "../../errors/api-error";
import { invalidConfiguration } from "../../errors/configuration-refusals";

export interface ImportOptions {
  force: boolean;
  /** Hashes the caller expects the stored configuration to have (query and body may each give one). */
  expectedContentHashes: string[];
}

export interface ImportResult {
  contentHash: string;
  previousContentHash: string;
  changed: boolean;
  changes: ImportChanges;
  warnings: ValidationIssue[];
}

/**
 * Import, run inside the company object so imports of one company never interleave: hash check,
 * validation, the breaking-change gate, then one guarded write. A refusal changes nothing.
 */
export async function importConfiguration(
  db: Database,
  companyId: string,
  input: unknown,
  options: ImportOptions,
): Promise<ImportResult> {
  const stored = await loadConfiguration(db, companyId);
  const stale = options.expectedContentHashes.find((hash) => hash !== stored.contentHash);
  if (stale !== undefined) {
    throw new ApiError({
      code: "ContentHashMismatch",
      message: `The stored configuration's hash is ${stored.contentHash}, not the expected ${stale}`,
      userMessages: ["The configuration changed since you last exported it. Export it again and retry."],
      details: [{ field: "expectedContentHash", message: `stored hash is ${stored.contentHash}` }],
    });
  }

  const { document, issues } = readDocument(input, stored.document);
  if (!document) throw invalidConfiguration(issues);

  if (!options.force) {
    const breaking: Array<{ field: string; message: string }> = [];
    for (const change of candidateBreaks(stored.document, document)) {
      const records = await recordsUsing(db, companyId, change);
      if (records > 0) breaking.push({ field: change.path, message: describeBreak(change, records) });
    }
    if (breaking.length > 0) {
      throw new ApiError({
        code: "BreakingConfigurationChange",
        message: `The import would strand stored data (${breaking.length} breaking change${breaking.length === 1 ? "" : "s"}); retry with ?force=true on a Sandbox company to apply it anyway`,
        userMessages: breaking.map((b) => `${b.message}.`),
        details: breaking,
      });
    }
  }

  const changes = importChanges(stored.document, document);
  const contentHash = await contentHashOf(document);
  const warnings = issues.filter((i) => i.severity === "warning");
  if (contentHash === stored.contentHash) {
    return { contentHash, previousContentHash: stored.contentHash, changed: false, changes, warnings };
  }

  const now = new Date().toISOString();
  const written = await db
    .insert(companyConfigurations)
    .values({ companyId, document, contentHash, version: stored.version + 1, updatedAt: now })
    .onConflictDoUpdate({
      target: companyConfigurations.companyId,
      set: { document: sql`excluded.document`, contentHash, version: stored.version + 1, updatedAt: now },
      // Backstop to the object's queue: only the version this import read may be replaced.
      setWhere: sql`${companyConfigurations.version} = ${stored.version}`,
    })
    .returning({ version: companyConfigurations.version });
  if (written.length === 0)
    throw new Error(`configuration of ${companyId} changed underneath import (stale version ${stored.version})`);
  return { contentHash, previousContentHash: stored.contentHash, changed: true, changes, warnings };
}
