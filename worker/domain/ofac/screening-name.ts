/**
 * The field holding a record's own name, copied into a blank screening `name` (interface, Entities:
 * OFAC rule). The interface names `exposureName`; persons and organizations use `name`.
 */
export const OWN_NAME_FIELD: Readonly<Record<string, string>> = {
  exposure: "exposureName",
  person: "name",
  organization: "name",
};

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** Fills a blank screening `name` from the record's own name; an existing name is never overwritten. */
export function withOwnName(screening: Record<string, unknown>, ownName: unknown): Record<string, unknown> {
  if (!isBlank(screening.name) || isBlank(ownName) || typeof ownName !== "string") return screening;
  return { ...screening, name: ownName };
}
