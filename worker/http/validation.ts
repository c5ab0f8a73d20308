import type { Hook } from "@hono/zod-openapi";
import type { z } from "zod";
import type { AppEnv } from "./context";
import { ApiError, type ErrorCode, type FieldError } from "./errors";

type Issue = z.core.$ZodIssue;

/** `a.b[2].c` from a zod issue path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, segment) => {
    if (typeof segment === "number") return `${out}[${segment}]`;
    return out ? `${out}.${String(segment)}` : String(segment);
  }, "");
}

/** `shortName` → `Short name`: a label a person can read, without the path around it. */
export function humanLabel(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((s) => typeof s === "string") as string | undefined;
  if (!last) return "The request body";
  const words = last.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const TYPE_NAMES: Record<string, string> = { string: "text", number: "a number", int: "a whole number", boolean: "true or false", array: "a list", object: "an object" };

function sizeRule(issue: Extract<Issue, { code: "too_small" | "too_big" }>): string {
  const bound = Number(issue.code === "too_small" ? issue.minimum : issue.maximum);
  const least = issue.code === "too_small";
  switch (issue.origin) {
    case "string":
      return least && bound === 1 ? "must not be empty" : `must be ${least ? "at least" : "at most"} ${bound} characters long`;
    case "array":
    case "set":
      return least && bound === 1 ? "must not be empty" : `must have ${least ? "at least" : "at most"} ${bound} items`;
    default:
      return `must be ${least ? "at least" : "at most"} ${bound}`;
  }
}

/** What is wrong with one value, as a lowercase phrase without paths or codes. */
function describeIssue(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      // zod omits the input from issues; its message still says when nothing was sent.
      return /received undefined/.test(issue.message) ? "is required" : `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case "too_small":
    case "too_big":
      return sizeRule(issue);
    case "invalid_value":
      return `must be one of: ${issue.values.map(String).join(", ")}`;
    case "invalid_format":
      return issue.format === "regex" ? issue.message.replace(/^Invalid string: /, "") : `must be a valid ${issue.format}`;
    case "unrecognized_keys":
      return "is not a recognised field";
    case "not_multiple_of":
      return `must be a multiple of ${issue.divisor}`;
    default:
      return issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
  }
}

/** Unknown keys arrive as one issue naming several keys; the envelope wants one entry per refused value. */
function splitIssues(issues: readonly Issue[]): Array<{ path: PropertyKey[]; text: string }> {
  return issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({ path: [...issue.path, key], text: describeIssue(issue) }))
      : [{ path: [...issue.path], text: describeIssue(issue) }],
  );
}

/** One `details` entry and one clean user message per refused value. */
export function zodIssuesToError(issues: readonly Issue[], code: ErrorCode = "VALIDATION_ERROR", target = "body"): ApiError {
  const refused = splitIssues(issues);
  const details: FieldError[] = refused.map(({ path, text }) => ({ field: fieldPath(path) || target, message: text }));
  const userMessages = refused.map(({ path, text }) => `${humanLabel(path)} ${text}.`);
  const summary = details.map((d) => `${d.field} ${d.message}`).join("; ");
  return new ApiError({ code, message: `Invalid ${target}: ${summary}`, userMessages, details });
}

/** `defaultHook` of the app: every zod-openapi validation failure becomes the documented 400. */
export const handleZodError: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (!result.success) {
    const target = "target" in result ? String(result.target) : "body";
    throw zodIssuesToError(result.error.issues, "VALIDATION_ERROR", target === "json" ? "body" : target);
  }
};
