import type { CustomObject } from "../configuration/document";
import { evaluateExpression } from "../expressions/evaluate";

/** A custom object record's `displayNameExpression` against its values: text, or null when absent or failing. */
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
