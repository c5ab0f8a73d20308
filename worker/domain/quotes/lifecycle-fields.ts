import { type JsonObject, sameJson } from "../../lib/json";
import { QUOTE_LIFECYCLE_FIELDS } from "../entities/guarded-fields";

/**
 * Writes naming a quote's lifecycle fields (CONTRACT 5.2). The fields are the platform's: a generic create
 * or PATCH may resend a stored value; changing `quoteStatus` is 409 `GuardedStatusFieldWrite`, changing any
 * other is 400 `QuoteLifecycleFieldWrite`. A PUT may not name them at all.
 */

export type LifecycleField = (typeof QUOTE_LIFECYCLE_FIELDS)[number];

export const isLifecycleField = (key: string): key is LifecycleField =>
  (QUOTE_LIFECYCLE_FIELDS as readonly string[]).includes(key);

export type LifecycleWriteRefusal = { kind: "guarded-status" } | { kind: "lifecycle-fields"; fields: LifecycleField[] };

/**
 * The refusal a body's lifecycle members earn, or null. `stored` is the quote's data (null on create, when
 * any non-null value is a change); `replace` is a PUT, where naming one is refused whatever its value.
 */
export function lifecycleWriteRefusal(
  body: JsonObject,
  stored: JsonObject | null,
  replace = false,
): LifecycleWriteRefusal | null {
  const named = QUOTE_LIFECYCLE_FIELDS.filter((field) => Object.hasOwn(body, field));
  const changed = (field: LifecycleField) =>
    replace || (stored ? !sameJson(body[field], stored[field]) : body[field] !== null);
  if (!replace && named.includes("quoteStatus") && changed("quoteStatus")) return { kind: "guarded-status" };
  const fields = named.filter(changed);
  return fields.length ? { kind: "lifecycle-fields", fields } : null;
}

/** The body without its lifecycle members (accepted resends keep the stored values). */
export function withoutLifecycleFields(body: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !isLifecycleField(key)));
}
