import type { Hook } from "@hono/zod-openapi";
import type { z } from "zod";
import { describeIssue, humanLabel } from "../domain/issue-messages";
import { fieldPath } from "../domain/paths";
import { ApiError, type ErrorCode, type FieldError } from "../errors/api-error";
import { displayableProblem } from "../errors/displayable";
import type { AppEnv } from "./context";

type Issue = z.core.$ZodIssue;

/** An unknown member of the query string is a parameter the operation does not have (CONTRACT 8.3). */
const UNKNOWN_PARAMETER = "is not a query parameter of this operation";

/** Unknown keys arrive as one issue naming several keys; the envelope wants one entry per refused value. */
function splitIssues(issues: readonly Issue[], target: string): Array<{ path: PropertyKey[]; text: string }> {
  return issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({
          path: [...issue.path, key],
          text: target === "query" && issue.path.length === 0 ? UNKNOWN_PARAMETER : describeIssue(issue),
        }))
      : [{ path: [...issue.path], text: describeIssue(issue) }],
  );
}

/** One `details` entry and one clean user message per refused value. */
export function zodIssuesToError(
  issues: readonly Issue[],
  code: ErrorCode = "VALIDATION_ERROR",
  target = "body",
): ApiError {
  const refused = splitIssues(issues, target);
  const details: FieldError[] = refused.map(({ path, text }) => ({ field: fieldPath(path) || target, message: text }));
  const userMessages = refused.map(({ path, text }) => `${humanLabel(path)} ${displayableProblem(text)}.`);
  const summary = details.map((d) => `${d.field} ${d.message}`).join("; ");
  return new ApiError({ code, message: `Invalid ${target}: ${summary}`, userMessages, details });
}

/** `defaultHook` of the app: every zod-openapi validation failure becomes the documented 400. */
export const handleZodError: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (!result.success) {
    const target = "target" in result ? String(result.target) : "body";
    // A route's own code names its body's failures; a malformed parameter is always VALIDATION_ERROR.
    const code = target === "json" ? (c.get("validationErrorCode") ?? "VALIDATION_ERROR") : "VALIDATION_ERROR";
    throw zodIssuesToError(result.error.issues, code, target === "json" ? "body" : target);
  }
};
