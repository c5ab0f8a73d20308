import { isRecord, type JsonObject } from "../../lib/json";
import type { SubField } from "../configuration/document";

/** Members every bound quote hands to new business (CONTRACT 5.6, step 1). */
const TERM_AND_PRICING = ["policyStartDate", "policyEndDate", "fullTermPricingInfo"] as const;

/** Policy fields the platform fills on the policy side are never copied from the quote. */
const copyable = (field: SubField) =>
  !field.readOnly && field.typeInfo.kind !== "Sequence" && field.typeInfo.kind !== "Calculated";

/**
 * A quote value as the policy receives it: a Group's entries keep only the sub-fields the policy's own Group
 * lets a write set (its read-only and calculated sub-fields are derived again on the policy side), at any depth.
 */
function copied(field: SubField, value: unknown): unknown {
  if (field.typeInfo.kind !== "Group" || !Array.isArray(value)) return value;
  const subFields = field.typeInfo.subFields ?? [];
  return value.map((entry) => {
    if (!isRecord(entry)) return entry;
    const kept: JsonObject = {};
    for (const [key, member] of Object.entries(entry)) {
      const subField = subFields.find((f) => f.referenceId === key);
      if (!subField) kept[key] = member as JsonObject[string];
      else if (copyable(subField)) kept[key] = copied(subField, member) as JsonObject[string];
    }
    return kept;
  });
}

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
    if (values[field.referenceId] !== undefined) data[field.referenceId] = copied(field, values[field.referenceId]);
  for (const member of TERM_AND_PRICING) if (values[member] !== undefined) data[member] = values[member];
  if (values.fullTermPolicyRatingResult != null) data.fullTermPolicyRatingResult = values.fullTermPolicyRatingResult;
  data.exposures = Array.isArray(values.exposures) ? values.exposures : [];
  const policyNumber = isRecord(submissionPolicy) ? submissionPolicy.policyNumber : undefined;
  if (typeof policyNumber === "string" && policyNumber) data.policyNumber = policyNumber;
  else delete data.policyNumber;
  return data;
}
