import { BATCH_ID_MAX_JSON_LENGTH } from "./bounded";

/**
 * `batchId` at the root of a mutation body as the audit log records it (interface, Conventions: passed
 * through, never interpreted): a string as sent, any other JSON value as its JSON text, null when absent.
 * Bounded (CONTRACT 8.3): routes refuse a longer one with 400; anything longer that reaches here anyway
 * is cut to the bound, so no caller can store more than that in an audit row.
 */
export function batchIdText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return typeof text === "string" ? text.slice(0, BATCH_ID_MAX_JSON_LENGTH) : null;
}
