import type { Hook } from "@hono/zod-openapi";
import type { z } from "zod";
import type { AppEnv } from "./context";
import { ApiError, type ErrorCode, type FieldError } from "./errors";

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
  if (!last) return "The request";
  const words = last.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function sentence(message: string): string {
  const trimmed = message.replace(/^Invalid input: /, "").trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** One `details` entry and one clean user message per zod issue. */
export function zodIssuesToError(issues: readonly z.core.$ZodIssue[], code: ErrorCode = "VALIDATION_ERROR", target = "body"): ApiError {
  const details: FieldError[] = issues.map((issue) => ({ field: fieldPath(issue.path) || target, message: issue.message }));
  const userMessages = issues.map((issue) => `${humanLabel(issue.path)}: ${sentence(issue.message).replace(/^./, (ch) => ch.toLowerCase())}`);
  const summary = details.map((d) => `${d.field}: ${d.message}`).join("; ");
  return new ApiError({ code, message: `Invalid ${target}: ${summary}`, userMessages, details });
}

/** `defaultHook` of the app: every zod-openapi validation failure becomes the documented 400. */
export const handleZodError: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (!result.success) {
    const target = "target" in result ? String(result.target) : "body";
    throw zodIssuesToError(result.error.issues, "VALIDATION_ERROR", target === "json" ? "body" : target);
  }
};
