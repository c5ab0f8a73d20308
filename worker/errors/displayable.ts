import { humanLabel } from "../domain/issue-messages";

/**
 * Problem texts and member names as people read them (interface, Errors: `userMessages` are "free of code
 * tags and field paths, displayable as is"): shared by every refusal that words a rule's own text.
 */

/** `grandTotal` → `grand total`. */
export const words = (name: string) => humanLabel([name]).toLowerCase();

/** What a delta rule says, for people: Date forms are named rather than spelled in braces, members in words. */
const DISPLAYABLE_PROBLEMS: ReadonlyArray<[RegExp, (match: RegExpExecArray) => string]> = [
  [/^writes one member of a Date/, () => "changes one part of a date; send the whole date with its timezone"],
  [
    /^uses the retired \{day, month, year\} spelling/,
    () => "uses the retired day, month and year form; send a date with its timezone",
  ],
  [/^must be a date object/i, () => "must be a date with its timezone"],
  [
    /^has undeclared member (.+)$/,
    (m) => `has a member it does not declare (${(m[1] ?? "").split(/,\s*/).map(words).join(", ")})`,
  ],
  // Rules that explain themselves ("the policy number cannot be endorsed") follow the refusal.
  [/^(the .*)$/, (m) => `is refused: ${m[1] ?? ""}`],
];

/** `{a, b, c}` → `a, b and c`. */
const listed = (inner: string) =>
  inner
    .split(/,\s*/)
    .join(", ")
    .replace(/, ([^,]*)$/, " and $1");

/** A problem text as a person reads it: no braces, code marks or field paths (interface, Errors: userMessages). */
export function displayableProblem(problem: string): string {
  for (const [pattern, say] of DISPLAYABLE_PROBLEMS) {
    const match = pattern.exec(problem);
    if (match) return say(match);
  }
  return problem
    .replace(/\{([^{}]*)\}/g, (_, inner: string) => listed(inner))
    .replace(/[`<>{}]/g, "")
    .replace(/[A-Za-z_]\w*(?:\.[A-Za-z0-9_]+|\[\d+\])+/g, (path) => humanLabel(membersOf(path)).toLowerCase());
}

/** `exposures[0].exposureName` and `exposures.0.exposureName` → `["exposures", 0, "exposureName"]`. */
export const membersOf = (path: string): Array<string | number> =>
  path
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .map((m) => (/^\d+$/.test(m) ? Number(m) : m));

/** A member's name for people: `parentId` → `Parent id`, `changes[0].segmentIndex` → `Segment index`. */
export const memberLabel = (path: string) => humanLabel(membersOf(path));

/**
 * One refused member as a sentence for people: `payee.entityId`, "is not a contact…" → "Entity id is not a
 * contact…." (a full stop added only when the rule's text has none).
 */
export function memberSentence(field: string, problem: string): string {
  const text = `${memberLabel(field)} ${displayableProblem(problem)}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The label a person knows for a configured field's reference id, when the configuration gives one. */
export type FieldLabels = (referenceId: string) => string | undefined;

/**
 * A configured field, or a member or item within it, named for people: the field by its configured label,
 * what lies within in words (`exposures[0].exposureName` → `Exposures (item 1, exposure name)`).
 */
export function fieldLabel(path: string, labels: FieldLabels): string {
  const [field, ...rest] = membersOf(path);
  const label = (typeof field === "string" ? labels(field) : undefined) ?? humanLabel([String(field)]);
  const within = rest.map((m) => (typeof m === "number" ? `item ${m + 1}` : words(m)));
  return within.length ? `${label} (${within.join(", ")})` : label;
}

/** `memberSentence` naming the field by its configured label: `limit`, "is required" → "Policy limit is required." */
export function fieldSentence(path: string, problem: string, labels: FieldLabels): string {
  const text = `${fieldLabel(path, labels)} ${displayableProblem(problem)}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
