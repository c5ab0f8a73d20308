import type { SubField } from "../configuration/document";
import { type CompletedValues, completeValues } from "../entities/derived-values";
import { PRIMARY_INSURED_FIELDS } from "./primary-insured";

/**
 * The values a policy's data derives, as any record's save does (`completeValues`; CONTRACT 2: `computedDefault`
 * for every field definition, a supplied value kept; Calculated fields read-only): computed defaults for the
 * policy fields new business or a renewal leaves out, in dependency order, then the Calculated policy fields from
 * the data. The primary insured's are not among them: they are resolved per segment from its exposures
 * (`primary-insured.ts`). `pathOf` names a field in a refusal (`policy.limit` in an endorsement).
 */
export function completePolicyValues(
  policyFields: readonly SubField[],
  data: Record<string, unknown>,
  defaults: readonly SubField[],
  now: Date,
  pathOf?: (referenceId: string) => string,
): CompletedValues {
  const derived: readonly string[] = PRIMARY_INSURED_FIELDS;
  const fields = policyFields.filter((field) => !derived.includes(field.referenceId));
  return completeValues(fields, data, defaults, now, pathOf);
}
