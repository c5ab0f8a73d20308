import { guardedEndpoint } from "../domain/entities/guarded-fields";
import { humanLabel } from "../domain/issue-messages";
import type { BindFailure } from "../domain/quotes/bind-rules";
import type { LifecycleWriteRefusal } from "../domain/quotes/lifecycle-fields";
import type { RatingOutcome } from "../domain/rating/rate";
import { ApiError } from "./api-error";

/** Refusals of the quote and submission lifecycle, rating and bind (CONTRACT section 5.8). */

type Subject = "quote" | "submission";
const STATUS_FIELD: Record<Subject, string> = { quote: "quoteStatus", submission: "submissionStatus" };

const PAST: Record<string, string> = {
  bind: "bound",
  cancel: "cancelled",
  complete: "completed",
  close: "closed",
  reopen: "reopened",
};

/** 409: the operation is not allowed from the current status; the message names both. */
export function invalidLifecycleTransition(subject: Subject, status: string, operation: string): ApiError {
  const message = `Cannot ${operation} a ${subject} whose status is ${status}`;
  return new ApiError({
    code: "InvalidLifecycleTransition",
    message,
    userMessages: [`This ${subject} is ${status}, so it cannot be ${PAST[operation] ?? operation}.`],
    details: [{ field: STATUS_FIELD[subject], message }],
  });
}

/** 409: a quote create on a submission that takes no more quotes. */
export function submissionTakesNoQuotes(reason: string): ApiError {
  return new ApiError({
    code: "InvalidLifecycleTransition",
    message: `Cannot create a quote: ${reason}`,
    userMessages: [`No quote can be added to this submission: ${reason}.`],
    details: [{ field: "submissionStatus", message: reason }],
  });
}

/** 409: a bound or cancelled quote changes only through its policy, or not at all. */
export function quoteNotEditable(status: string, policyId: string | null): ApiError {
  const message =
    status === "bound"
      ? "The quote is bound; change the policy through POST /api/v1/companies/{companyId}/policies/" +
        `${policyId ?? "{policyId}"}/transaction/... instead`
      : `The quote is ${status} and can no longer be changed`;
  return new ApiError({
    code: "QuoteNotEditable",
    message,
    userMessages: [
      status === "bound"
        ? "This quote is bound: change its policy through a policy transaction instead."
        : `This quote is ${status} and can no longer be changed.`,
    ],
    details: [{ field: "quoteStatus", message: `is ${status}` }],
  });
}

/** The refusal of a write naming lifecycle fields: 409 for `quoteStatus`, 400 for the others. */
export function lifecycleWriteError(refusal: LifecycleWriteRefusal): ApiError {
  if (refusal.kind === "guarded-status") {
    const endpoint = guardedEndpoint("quote", "quoteStatus") ?? "the quote's lifecycle operations";
    return new ApiError({
      code: "GuardedStatusFieldWrite",
      message: `quoteStatus cannot be changed by a generic update; use ${endpoint}`,
      userMessages: ["Quote status can only be changed through its own action."],
      details: [{ field: "quoteStatus", message: `use ${endpoint}` }],
    });
  }
  return new ApiError({
    code: "QuoteLifecycleFieldWrite",
    message:
      `${refusal.fields.join(", ")} ${refusal.fields.length === 1 ? "is a lifecycle field" : "are lifecycle fields"} ` +
      "kept by the platform and cannot be written",
    userMessages: refusal.fields.map(
      (field) => `${humanLabel([field])} is kept by the platform and cannot be written.`,
    ),
    details: refusal.fields.map((field) => ({ field, message: "is a quote lifecycle field kept by the platform" })),
  });
}

/** 409: bind or complete refused by failing rules; `details[].field` is the rule. */
export function bindConditionsFailed(failures: readonly BindFailure[], operation: "bind" | "complete"): ApiError {
  return new ApiError({
    code: "BindConditionsFailed",
    message: `Cannot ${operation} the quote: ${failures.map((f) => `${f.rule}: ${f.message}`).join("; ")}`,
    userMessages: failures.map((f) => f.userMessage),
    details: failures.map((f) => ({ field: f.rule, message: f.message })),
  });
}

/** 422: a refused rate, as `rateQuote` said. */
export function ratingError(outcome: Exclude<RatingOutcome, { ok: true }>): ApiError {
  if (outcome.kind === "precondition") {
    return new ApiError({
      code: "RatingPreconditionFailed",
      message: `Rating preconditions failed: ${outcome.failures.map((f) => f.message).join("; ")}`,
      userMessages: outcome.failures.map((f) => f.message),
      details: outcome.failures.map((f) => ({ field: `preconditions[${f.index}]`, message: f.message })),
    });
  }
  return new ApiError({
    code: "RatingFailed",
    message: `Rating stage ${outcome.index} failed: ${outcome.problem}`,
    userMessages: ["The quote could not be rated with this workflow."],
    details: [{ field: `stages[${outcome.index}]`, message: outcome.problem }],
  });
}

/** 400: a rate or bind naming no rating workflow of the company. */
export function unknownRatingWorkflow(name: string): ApiError {
  return new ApiError({
    code: "VALIDATION_ERROR",
    message: `ratingWorkflowName "${name}" names no rating workflow of this company`,
    userMessages: [`There is no rating workflow named "${name}".`],
    details: [{ field: "ratingWorkflowName", message: "names no rating workflow of this company" }],
  });
}

/** 422: an invoice plan the new policy cannot take (CONTRACT 7.7). */
export function invoicePlanInvalid(problems: Array<{ field: string; message: string }>): ApiError {
  return new ApiError({
    code: "INVOICE_PLAN_INVALID",
    message: `The invoice plan cannot be applied: ${problems.map((p) => `${p.field} ${p.message}`).join("; ")}`,
    userMessages: ["The invoice plan cannot be applied to the new policy."],
    details: problems,
  });
}
