import type { ValidationIssue } from "../../domain/configuration/issues";
import { readDocument } from "../../domain/configuration/read-document";
import type { OperationContext } from "../context";
import { readingBase } from "./reading-base";

/** Runs exactly the validation an import runs, against the stored configuration; nothing is written. */
export async function validateDocument(
  ctx: OperationContext,
  input: unknown,
): Promise<{ isValid: boolean; issues: ValidationIssue[] }> {
  const { stored, usage } = await readingBase(ctx);
  const { document, issues } = readDocument(input, stored.document, usage);
  return { isValid: document !== null, issues };
}
