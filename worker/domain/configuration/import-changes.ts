import { type CategoryDiff, type DiffCategory, diffDocuments } from "./diff";
import type { ConfigurationDocument } from "./document";

const IMPORT_CATEGORIES = [
  "fieldDefinitions",
  "optionSets",
  "customObjects",
  "relationships",
  "cardDefinitions",
  "cardSections",
  "fieldLocations",
  "ratingWorkflows",
] as const satisfies readonly DiffCategory[];

export type ImportChanges = Record<(typeof IMPORT_CATEGORIES)[number], CategoryDiff> & {
  /** True when this import gave policy financials payment defaults where there were none. */
  paymentDefaultsCreated: boolean;
  /** How many policy invoice types gained payee defaults with this import. */
  payeeDefaultsCreated: number;
};

/** What an import changed: counts per category, plus the financial defaults it created. */
export function importChanges(before: ConfigurationDocument, after: ConfigurationDocument): ImportChanges {
  const payeeBefore = new Set(
    before.financials.policyFinancials.invoiceTypes.filter((t) => t.payeeDefaults).map((t) => t.name),
  );
  return {
    ...diffDocuments(IMPORT_CATEGORIES, before, after),
    paymentDefaultsCreated:
      before.financials.policyFinancials.paymentDefaults === null &&
      after.financials.policyFinancials.paymentDefaults !== null,
    payeeDefaultsCreated: after.financials.policyFinancials.invoiceTypes.filter(
      (t) => t.payeeDefaults && !payeeBefore.has(t.name),
    ).length,
  };
}

export function changedAnything(changes: ImportChanges): boolean {
  return IMPORT_CATEGORIES.some((c) => changes[c].additions + changes[c].updates + changes[c].deletes > 0);
}
