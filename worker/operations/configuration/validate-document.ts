import { loadConfiguration } from "../../db/queries/configuration";
import type { ValidationIssue } from "../../domain/configuration/issues";
import { readDocument } from "../../domain/configuration/read-document";
import type { OperationContext } from "../context";

/** Runs exactly the validation an import runs, against the stored configuration; nothing is written. */
export async function validateDocument(
  ctx: OperationContext,
  input: unknown,
): Promise<{ isValid: boolean; issues: ValidationIssue[] }> {
  const stored = await loadConfiguration(ctx.db, ctx.companyId);
  const { document, issues } = readDocument(input, stored.document);
  return { isValid: document !== null, issues };
}
