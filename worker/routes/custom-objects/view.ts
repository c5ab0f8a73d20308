import type { EntityRow } from "../../db/queries/entities";
import type { ConfigurationDocument, CustomObject } from "../../domain/configuration/document";
import { presentRecord } from "../../domain/entities/present-record";
import { customObjectRecordType } from "../../domain/entities/record-type";
import { evaluateExpression } from "../../domain/expressions/evaluate";

/** `displayNameExpression` against the record's values: text, or null when absent or failing. */
export function displayNameOf(customObject: CustomObject, data: Record<string, unknown>, now: Date): string | null {
  if (!customObject.displayNameExpression) return null;
  try {
    const value = evaluateExpression(customObject.displayNameExpression, {
      scope: data,
      now,
      timezone: "America/New_York",
    });
    if (typeof value === "string") return value;
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    return null;
  } catch {
    return null;
  }
}

export function customObjectView(
  configuration: ConfigurationDocument,
  customObject: CustomObject,
  row: EntityRow,
  now: Date,
) {
  const data = presentRecord(configuration, customObjectRecordType(customObject), row.data);
  return {
    id: row.id,
    objectType: customObject.key,
    data,
    displayName: displayNameOf(customObject, data, now),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
