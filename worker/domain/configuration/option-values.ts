/** An option value as JSON writes it, so the number `1` and the text `"1"` read differently. */
export const optionLiteral = (value: unknown) => (typeof value === "string" ? JSON.stringify(value) : String(value));
