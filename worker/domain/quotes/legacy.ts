import { isRecord, type JsonObject } from "../../lib/json";
import { centsOf } from "../money";
import { isLifecycleField } from "./lifecycle-fields";

/**
 * The oldest family's quote objects (CONTRACT section 5.7), mapped from the current quote: its status in
 * snake case, its type as a `wizardType`, its number; lifecycle fields are not part of the legacy `data`.
 */

/** `inProgress` → `in_progress`, `appliedToPolicy` → `applied_to_policy`; others are already one word. */
export const legacyQuoteStatus = (status: string) => status.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

type WizardType = "quote" | "renewal" | "endorsement";
const WIZARD_TYPES: Record<string, WizardType> = {
  newBusiness: "quote",
  renewal: "renewal",
  endorsement: "endorsement",
};
export const wizardTypeOf = (quoteType: unknown): WizardType => WIZARD_TYPES[String(quoteType)] ?? "quote";

/** What the legacy objects read from a quote. */
export interface LegacySource {
  id: string;
  submissionId: string | null;
  policyId: string | null;
  /** The current `data`, `exposures` included. */
  data: JsonObject;
  createdAt: string;
  updatedAt: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function fullLegacyQuote(quote: LegacySource) {
  return {
    id: quote.id,
    number: text(quote.data.quoteNumber),
    wizardType: wizardTypeOf(quote.data.quoteType),
    status: legacyQuoteStatus(text(quote.data.quoteStatus) || "inProgress"),
    submissionId: quote.submissionId,
    ...(quote.policyId ? { policyId: quote.policyId } : {}),
    data: {
      ...Object.fromEntries(Object.entries(quote.data).filter(([key]) => !isLifecycleField(key))),
      exposures: Array.isArray(quote.data.exposures) ? quote.data.exposures : [],
    },
  };
}

const numberAt = (container: unknown, member: string) =>
  isRecord(container) && typeof container[member] === "number" ? (container[member] as number) : null;

/**
 * The stored grand total: `fullTermPolicyRatingResult.policyGrandTotal`, else premium + taxes + fees of the
 * stored `fullTermPricingInfo` (added in cents), else none.
 */
export function grandTotalOf(data: JsonObject): number | null {
  const total = numberAt(data.fullTermPolicyRatingResult, "policyGrandTotal");
  if (total !== null) return total;
  if (!isRecord(data.fullTermPricingInfo)) return null;
  const parts = ["premium", "taxes", "fees"].map((m) => numberAt(data.fullTermPricingInfo, m) ?? 0);
  return parts.reduce((cents, v) => cents + centsOf(v), 0) / 100;
}

export function lightweightLegacyQuote(quote: LegacySource) {
  const grandTotal = grandTotalOf(quote.data);
  return {
    id: quote.id,
    number: text(quote.data.quoteNumber),
    status: legacyQuoteStatus(text(quote.data.quoteStatus) || "inProgress"),
    createdAt: quote.createdAt,
    updatedAt: quote.updatedAt,
    ...(quote.policyId ? { policyId: quote.policyId } : {}),
    ...(grandTotal !== null ? { grandTotal, policyCurrency: "USD" as const } : {}),
  };
}
