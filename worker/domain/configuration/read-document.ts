import { checkCalculatedChains, checkCounts, checkDocumentSize } from "./bounds";
import type { ConfigurationDocument } from "./document";
import { checkGivenMemberExpressions } from "./expression-rules";
import type { ValidationIssue } from "./issues";
import { normalizeInput } from "./normalize";
import {
  checkImmutableDirections,
  checkImmutableFinancialMembers,
  checkPlatformRelationships,
  checkRatingStages,
  checkSemantics,
  type FinancialUsage,
  NO_FINANCIAL_USAGE,
} from "./semantics";

export interface ReadDocument {
  /** The document import would store; null when any issue is an error. */
  document: ConfigurationDocument | null;
  issues: ValidationIssue[];
}

/**
 * The one validation both validate and import run: structure, legacy type declarations, references
 * between members, and rules against the stored configuration (and the financial members the ledger uses). Warnings never invalidate.
 */
export function readDocument(
  input: unknown,
  stored: ConfigurationDocument,
  usage: FinancialUsage = NO_FINANCIAL_USAGE,
): ReadDocument {
  const { document, issues, given } = normalizeInput(input, stored);
  // The bounds first (CONTRACT 8.3): a document over them is refused before the cross-member rules run.
  if (document && checkCounts(document, issues)) {
    checkSemantics(document, issues);
    // Rules newer than some stored members judge only the members an import gives (a stored one is kept).
    if (given.has("ratingWorkflows")) checkRatingStages(document, issues);
    if (given.has("relationships")) checkPlatformRelationships(document, issues);
    checkGivenMemberExpressions(document, given, issues);
    checkImmutableDirections(stored, document, issues);
    checkImmutableFinancialMembers(stored, document, usage, issues);
    checkCalculatedChains(document, issues);
    if (!issues.hasErrors) checkDocumentSize(document, issues);
  }
  return { document: issues.hasErrors ? null : document, issues: issues.items };
}
