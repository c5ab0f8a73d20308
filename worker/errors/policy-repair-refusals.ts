import type { ValueProblem } from "../domain/entities/field-values";
import type { FieldValuePlan } from "../domain/policies/field-value-repair";
import { ApiError } from "./api-error";
import { displayableProblem, memberLabel } from "./displayable";
import { changedValueLabel } from "./policy-refusals";

/** Refusals of the staff policy repairs and of the Sandbox wipe of every policy. */

const details = (problems: ValueProblem[]) => problems.map((p) => ({ field: p.path, message: p.problem }));
const summary = (problems: ValueProblem[]) => problems.map((p) => `${p.path} ${p.problem}`).join("; ");

/** A repaired value for people: the policy field by name (`policy.limit` → `Limit`). */
const valueLabel = (path: string) => changedValueLabel(path, () => undefined) ?? memberLabel(path);

/** `changes[1].segmentIndex`: a member of one change of the request. */
const CHANGE_MEMBER = /^changes\[(\d+)\]\.(\w+)$/;

/**
 * A refused change for people: the change by its position, the policy value by its field's name, the rule
 * without paths (interface, Errors: userMessages free of field paths).
 */
function repairUserMessage({ path, problem }: ValueProblem): string {
  const change = CHANGE_MEMBER.exec(path);
  if (!change) return `The change to ${valueLabel(path)} ${displayableProblem(problem)}.`;
  const n = Number(change[1]) + 1;
  if (change[2] === "segmentIndex") return `Change ${n} names a segment the current version does not have.`;
  if (problem.startsWith("changes the same value"))
    return `Change ${n} changes the same value as an earlier change, in the same segment.`;
  if (change[2] === "path") return `Change ${n} must name a policy field.`;
  return `Change ${n}: ${memberLabel(change[2] ?? "")} ${displayableProblem(problem)}.`;
}

/** A refused field value repair: 400 for a change no write could make, 409 when storage holds other values. */
export function fieldValueRepairRefused(refusal: Extract<FieldValuePlan, { ok: false }>): ApiError {
  const { problems } = refusal;
  switch (refusal.kind) {
    case "invalid":
      return new ApiError({
        code: "VALIDATION_ERROR",
        message: `Invalid field value repair: ${summary(problems)}`,
        userMessages: problems.map(repairUserMessage),
        details: details(problems),
      });
    case "stale":
      return new ApiError({
        code: "StalePolicyVersion",
        message: `A repair changes only the current version: ${summary(problems)}`,
        userMessages: ["The policy has a newer version than the one named. Read it again and repeat the repair."],
        details: details(problems),
      });
    case "mismatch":
      return new ApiError({
        code: "FieldValueMismatch",
        message: `Stored values differ from the expected ones; nothing was changed: ${summary(problems)}`,
        userMessages: [
          ...new Set(
            problems.map(
              (p) => `The stored value of ${valueLabel(p.path)} is not the expected one; nothing was changed.`,
            ),
          ),
        ],
        details: details(problems),
      });
  }
}

/** The renewal recorded in version 1 names a policy the company no longer has. */
export const previousPolicyMissing = (recorded: string) =>
  new ApiError({
    code: "PreviousPolicyMissing",
    message:
      `The renewal recorded in version 1 names previous policy ${recorded}, which is not a policy of this ` +
      "company; the link cannot be rebuilt",
    userMessages: ["The policy this one renews no longer exists, so its renewal link cannot be rebuilt."],
    details: [{ field: "previousPolicy", message: `names ${recorded}, which is not a policy of this company` }],
  });

/** A guard stopped the batch: something changed the policy outside the company queue meanwhile. */
export const repairRaced = () =>
  new ApiError({
    code: "Conflict",
    message: "The policy changed while the repair ran; nothing was written",
    userMessages: ["The policy changed while the repair ran. Nothing was changed; please try again."],
  });

/** Quotes or events still reference policies, so deleting every policy is refused (nothing deleted). */
export function liveReferencesExist(found: Array<{ field: string; message: string }>): ApiError {
  // Invoices name their policy until `financials/deleteAll` (CONTRACT section 7.9).
  const referrers = found.some((f) => f.field.startsWith("invoice."))
    ? "quotes, events or invoices"
    : "quotes or events";
  return new ApiError({
    code: "LiveReferencesExist",
    message:
      `Cannot delete all policies while ${referrers} reference them: ` +
      found.map((f) => `${f.field} (${f.message})`).join("; "),
    userMessages: [`Some ${referrers} still reference policies. Remove those references (or those records) first.`],
    details: found,
  });
}
