import type { z } from "zod";

type Issue = z.core.$ZodIssue;

/** `shortName` → `Short name`: a label a person can read, without the path around it. */
export function humanLabel(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((s) => typeof s === "string") as string | undefined;
  if (!last) return "The request body";
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const TYPE_NAMES: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
};

function sizeRule(issue: Extract<Issue, { code: "too_small" | "too_big" }>): string {
  const bound = Number(issue.code === "too_small" ? issue.minimum : issue.maximum);
  const least = issue.code === "too_small";
  switch (issue.origin) {
    case "string":
      return least && bound === 1
        ? "must not be empty"
        : `must be ${least ? "at least" : "at most"} ${bound} characters long`;
    case "array":
    case "set":
      return least && bound === 1 ? "must not be empty" : `must have ${least ? "at least" : "at most"} ${bound} items`;
    default:
      return `must be ${least ? "at least" : "at most"} ${bound}`;
  }
}

/** What is wrong with one value, as a lowercase phrase without paths or codes. */
export function describeIssue(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      // zod omits the input from issues; its message still says when nothing was sent.
      return /received undefined/.test(issue.message)
        ? "is required"
        : `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case "too_small":
    case "too_big":
      return sizeRule(issue);
    case "invalid_value":
      return `must be one of: ${issue.values.map(String).join(", ")}`;
    case "invalid_format":
      return issue.format === "regex"
        ? issue.message.replace(/^Invalid string: /, "")
        : `must be a valid ${issue.format}`;
    case "unrecognized_keys":
      return "is not a recognised field";
    case "not_multiple_of":
      return `must be a multiple of ${issue.divisor}`;
    default:
      return issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
  }
}
