import { POLICY_ACTIONS } from "../policies/actions";

/** The transaction premium columns (CONTRACT section 4, "Bordereau rows"), one per pricing kind. */
export const TRANSACTION_COLUMNS = [
  { key: "transactionPremium", kind: "Premium" },
  { key: "transactionTaxes", kind: "Taxes" },
  { key: "transactionFees", kind: "Fees" },
  { key: "transactionBrokerCommission", kind: "BrokerCommission" },
  { key: "transactionProgramCommission", kind: "ProgramCommission" },
] as const;

/**
 * The bordereau's fixed columns, in order: one row per policy version (transaction). Dates are ISO
 * days; amounts are the rollups of the version's `fullTermPricingInfo` as the pricing contract
 * carries them (plain USD numbers), null when the version has no pricing, then the transaction premium
 * of the row's transaction per kind (what it wrote or returned, plain USD).
 */
export const FIXED_COLUMNS = [
  { key: "policyId", description: "Id of the policy." },
  { key: "policyNumber", description: "Policy number." },
  { key: "version", description: "Version number the transaction produced." },
  { key: "action", description: `${POLICY_ACTIONS.slice(0, -1).join(", ")} or ${POLICY_ACTIONS.at(-1)}.` },
  { key: "transactionTimestamp", description: "The transaction's timestamp as recorded." },
  { key: "effectiveDate", description: "Day the transaction takes effect." },
  { key: "policyStartDate", description: "Day the policy term starts (`policyStartDate.date`)." },
  {
    key: "policyEndDate",
    description: "Day the policy term ends (`policyEndDate.date`), as endorsed; a cancellation does not change it.",
  },
  { key: "coverageStartDate", description: "First day the version covers." },
  {
    key: "coverageEndDate",
    description: "Day the version's coverage ends (exclusive); the cancellation date while cancelled.",
  },
  { key: "primaryInsuredName", description: "Primary insured at the end of the version's coverage." },
  { key: "premium", description: "`fullTermPricingInfo.premium`." },
  { key: "taxes", description: "`fullTermPricingInfo.taxes`." },
  { key: "fees", description: "`fullTermPricingInfo.fees`." },
  { key: "brokerCommission", description: "`fullTermPricingInfo.brokerCommission`." },
  { key: "programCommission", description: "`fullTermPricingInfo.programCommission`." },
  ...TRANSACTION_COLUMNS.map(({ key, kind }) => ({
    key,
    description:
      `Transaction premium of kind ${kind}: the written premium this transaction added (negative: returned), ` +
      "in plain USD, so a period's rows add up to the premium written in it.",
  })),
  { key: "displayAuthor", description: "Author recorded on the transaction." },
  { key: "createdAt", description: "When the service recorded the version." },
] as const;

export type FixedColumnKey = (typeof FIXED_COLUMNS)[number]["key"];
export const FIXED_COLUMN_KEYS: readonly string[] = FIXED_COLUMNS.map((c) => c.key);

export const SORT_FIELDS = [
  "policyNumber",
  "primaryInsuredName",
  "effectiveDate",
  "transactionTimestamp",
  "createdAt",
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/** Bordereau limits (interface, Limits): rows per request 1 to 50,000 (default 50,000), offset from 0. */
export const ROW_LIMIT = { default: 50_000, min: 1, max: 50_000 } as const;

/** One cell: what a spreadsheet cell holds. Objects and lists are given as their JSON text. */
export type Cell = string | number | boolean | null;

/** A column of the output: a fixed column's key, or a transposed path, with its header. */
export interface Column {
  key: string;
  header: string;
}

export const fixedColumns = (): Column[] => FIXED_COLUMNS.map((c) => ({ key: c.key, header: c.key }));
