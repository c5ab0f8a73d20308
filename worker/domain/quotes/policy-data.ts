import { isRecord, type JsonObject } from "../../lib/json";
import type { SubField } from "../configuration/document";

/** Members every bound quote hands to new business (CONTRACT 5.6, step 1). */
const TERM_AND_PRICING = ["policyStartDate", "policyEndDate", "fullTermPricingInfo"] as const;

/** Policy fields the platform fills on the policy side are never copied from the quote. */
const copyable = (field: SubField) =>
  !field.readOnly && field.typeInfo.kind !== "Sequence" && field.typeInfo.kind !== "Calculated";

/**
 * The `data` of the new-business transaction a bind runs: the term dates, the pricing containers
 * (`fullTermPolicyRatingResult` only when not null), the embedded exposures, and every quote value whose
 * referenceId is also a configured (writable) policy field. `policyNumber` is the oldest family's
 * submission's, when it gave one; else new business mints it.
 */
export function policyDataFromQuote(
  values: JsonObject,
  policyFields: readonly SubField[],
  submissionPolicy: unknown,
): JsonObject {
  const data: JsonObject = {};
  for (const field of policyFields.filter(copyable))
    if (values[field.referenceId] !== undefined) data[field.referenceId] = values[field.referenceId];
  for (const member of TERM_AND_PRICING) if (values[member] !== undefined) data[member] = values[member];
  if (values.fullTermPolicyRatingResult != null) data.fullTermPolicyRatingResult = values.fullTermPolicyRatingResult;
  data.exposures = Array.isArray(values.exposures) ? values.exposures : [];
  const policyNumber = isRecord(submissionPolicy) ? submissionPolicy.policyNumber : undefined;
  if (typeof policyNumber === "string" && policyNumber) data.policyNumber = policyNumber;
  else delete data.policyNumber;
  return data;
}
