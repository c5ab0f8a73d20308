/**
 * A form template's `number` (CONTRACT section 6, Forms): 1 to 64 characters from letters, digits, space,
 * `.`, `_`, `-`, starting with a letter or digit; case-sensitive; `generated` in any letter case is
 * reserved (it names the generated-forms collection in `P/forms/generated`).
 */
export const FORM_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$/;

export function formNumberProblem(number: string): string | null {
  if (!FORM_NUMBER_PATTERN.test(number))
    return "must be 1 to 64 letters, digits, spaces, '.', '_' or '-', starting with a letter or digit";
  if (number.toLowerCase() === "generated") return "is reserved";
  return null;
}

/** Forms-logic rules and generated forms name quotes or policies only. */
export const FORM_ENTITY_TYPES = ["quote", "policy"] as const;
