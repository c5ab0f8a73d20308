import type { JsonObject } from "../../lib/json";
import type { SubField } from "../configuration/document";
import { platformFieldIds } from "../configuration/platform-fields";
import { QUOTE_PLATFORM_FIELDS } from "../entities/platform-values";

/**
 * A PUT of a quote (CONTRACT 5.2) as the partial-update body that has its effect: every field the caller
 * can write and did not send is cleared (sent as null, only when it holds a value, so a write group the
 * caller lacks is refused only when something would be cleared); Sequence, Calculated and read-only fields
 * keep their stored values; `exposures` replaces the list whole.
 */
export function replacementBody(
  fields: readonly SubField[],
  stored: JsonObject,
  quote: JsonObject,
  exposures: unknown[],
): JsonObject {
  const clearable = [
    ...fields
      .filter((f) => !f.readOnly && f.typeInfo.kind !== "Sequence" && f.typeInfo.kind !== "Calculated")
      .map((f) => f.referenceId),
    ...QUOTE_PLATFORM_FIELDS.filter((id) => !fields.some((f) => f.referenceId === id)),
  ];
  const body: JsonObject = { ...quote, exposures };
  for (const key of clearable) if (!Object.hasOwn(quote, key) && stored[key] != null) body[key] = null;
  return body;
}

/** The members a quote's data may hold after a replacement: fields, platform and lifecycle fields, exposures. */
export function withoutUnknownMembers(fields: readonly SubField[], data: JsonObject): JsonObject {
  const known = new Set<string>([...fields.map((f) => f.referenceId), ...platformFieldIds("quote"), "exposures"]);
  return Object.fromEntries(Object.entries(data).filter(([key]) => known.has(key)));
}
