/**
 * `batchId` at the root of a mutation body as the audit log records it (interface, Conventions: passed
 * through, never validated): a string as sent, a number as its text, any other value ignored.
 */
export function batchIdText(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return null;
}
