import type { JsonObject } from "../../lib/json";
import type { RatingWorkflow, SubField } from "../configuration/document";
import { isRepeatable } from "../expressions/evaluate";
import { humanLabel } from "../issue-messages";
import { conditionHolds, ratingScope } from "../rating/rate";
import type { SubmissionStatus } from "../submissions/status";
import { isActiveQuoteStatus, type QuoteStatus } from "./lifecycle";

/**
 * The bind rules of CONTRACT section 5.6, evaluated on a quote's persisted values (never on an earlier
 * rate answer). Failures block a bind (and a complete); advisories never do. The same evaluation serves
 * bind-conditions, complete and bind; what differs is `mode`.
 */

export const BIND_RULES = [
  "quote-status",
  "quote-type",
  "submission-status",
  "required-fields",
  "policy-term",
  "rating-present",
  "rating-current",
  "rating-workflow",
  "precondition",
  "policy-data",
  "policy-invoicing",
  "billing-precondition",
] as const;
export type BindRule = (typeof BIND_RULES)[number];

export interface BindFailure {
  rule: BindRule;
  message: string;
  /** The failure for people (interface, Errors: userMessages): a sentence naming fields by their labels. */
  userMessage: string;
}

/** A rule's text as programs read it (`message`, naming members) and as people do (`userMessage`). */
export interface RuleText {
  message: string;
  userMessage: string;
}

export interface BindAdvisory {
  rule: "billing-precondition";
  message: string;
  checkScope: "endorsement-billing";
}

export interface BindRuleInput {
  /** bind-conditions cannot evaluate clock-reading preconditions ahead of time; complete and bind evaluate them now. */
  mode: "conditions" | "complete" | "bind";
  status: QuoteStatus;
  quoteType: unknown;
  /** The quote's values as reads show them, `exposures` included. */
  values: JsonObject;
  submissionStatus: SubmissionStatus | null;
  quoteFields: readonly SubField[];
  exposureFields: readonly SubField[];
  /** `system.ratingWorkflowName`; null when the quote was never rated by id. */
  recordedWorkflowName: string | null;
  workflows: readonly RatingWorkflow[];
  /** What new business would refuse in the copied data (each naming its field); null when not checked (complete). */
  policyDataProblems: readonly RuleText[] | null;
  /** The `policy-invoicing` failure's texts, or null when the rule passes. */
  policyInvoicingFailure: RuleText | null;
  /** Bind by value: whether the sent pricing components equal the fresh rating's (undefined when not sent). */
  ratingCurrent?: boolean;
  now: Date;
}

const empty = (value: unknown) => value === undefined || value === null || value === "";

/** Fields the caller must fill: generated and calculated fields are the platform's. */
const callerRequired = (fields: readonly SubField[]) =>
  fields.filter((f) => f.required && f.typeInfo.kind !== "Sequence" && f.typeInfo.kind !== "Calculated");

/** A field as people know it: its configured label, else its reference id in words. */
const labelOf = (field: SubField) => field.label.trim() || humanLabel([field.referenceId]);

/** Required quote fields, and required fields of embedded exposures, that are empty: path and label. */
function emptyRequired(input: Pick<BindRuleInput, "values" | "quoteFields" | "exposureFields">) {
  const own = callerRequired(input.quoteFields)
    .filter((f) => empty(input.values[f.referenceId]))
    .map((f) => ({ path: f.referenceId, label: labelOf(f) }));
  const exposures = Array.isArray(input.values.exposures) ? input.values.exposures : [];
  const embedded = exposures.flatMap((item, index) =>
    callerRequired(input.exposureFields)
      .filter((f) => empty((item as JsonObject | null)?.[f.referenceId]))
      .map((f) => ({ path: `exposures[${index}].${f.referenceId}`, label: `${labelOf(f)} (exposure ${index + 1})` })),
  );
  return [...own, ...embedded];
}

/** Paths of required quote fields, and required fields of embedded exposures, that are empty. */
export const emptyRequiredFields = (input: Pick<BindRuleInput, "values" | "quoteFields" | "exposureFields">) =>
  emptyRequired(input).map((f) => f.path);

/** `inProgress` → `in progress`. */
const words = (value: unknown) => humanLabel([String(value)]).toLowerCase();

/** A configured text as a sentence: a capital first, a full stop added when it has none. */
const sentence = (text: string) => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

const dayOf = (value: unknown) =>
  value && typeof value === "object" && typeof (value as { date?: unknown }).date === "string"
    ? (value as { date: string }).date
    : null;

function termProblem(values: JsonObject): RuleText | null {
  const start = dayOf(values.policyStartDate);
  const end = dayOf(values.policyEndDate);
  const missing = [!start && "policyStartDate", !end && "policyEndDate"].filter(Boolean);
  if (missing.length)
    return {
      message: `${missing.join(" and ")} ${missing.length === 1 ? "is" : "are"} missing`,
      userMessage:
        missing.length === 2
          ? "The policy start and end dates are missing."
          : `The policy ${start ? "end" : "start"} date is missing.`,
    };
  return end && start && end <= start
    ? {
        message: "policyEndDate must be after policyStartDate",
        userMessage: "The policy end date must be after its start date.",
      }
    : null;
}

const readsClock = (source: string) => {
  try {
    return !isRepeatable(source);
  } catch {
    return false;
  }
};

/** Every failure and advisory of the rules, in the order of the CONTRACT's table. */
export function evaluateBindRules(input: BindRuleInput): { failures: BindFailure[]; advisories: BindAdvisory[] } {
  const failures: BindFailure[] = [];
  const fail = (rule: BindRule, message: string, userMessage: string) => failures.push({ rule, message, userMessage });

  if (!isActiveQuoteStatus(input.status))
    fail(
      "quote-status",
      `The quote is ${input.status}; only an inProgress or complete quote can be bound`,
      `This quote is ${words(input.status)}; only a quote in progress or complete can be bound.`,
    );
  if (input.quoteType !== "newBusiness")
    fail(
      "quote-type",
      `A ${String(input.quoteType)} quote cannot be bound yet; only newBusiness quotes can`,
      `A ${words(input.quoteType)} quote cannot be bound yet; only new business quotes can.`,
    );
  if (
    input.submissionStatus === "closed" ||
    input.submissionStatus === "declined" ||
    input.submissionStatus === "bound"
  )
    fail(
      "submission-status",
      `The submission is ${input.submissionStatus}`,
      `The quote's submission is ${input.submissionStatus}.`,
    );
  const missing = emptyRequired(input);
  if (missing.length)
    fail(
      "required-fields",
      `Required fields are empty: ${missing.map((f) => f.path).join(", ")}`,
      `${missing.length === 1 ? "A required field is" : "Required fields are"} empty: ` +
        `${missing.map((f) => f.label).join(", ")}.`,
    );
  const term = termProblem(input.values);
  if (term) fail("policy-term", term.message, term.userMessage);
  if (empty(input.values.fullTermPricingInfo))
    fail(
      "rating-present",
      "fullTermPricingInfo is empty: rate the quote and copy its pricing into the quote",
      "The quote has no pricing: rate it and copy the pricing into the quote.",
    );
  if (input.ratingCurrent === false)
    fail(
      "rating-current",
      "The pricing components sent differ from those of a fresh rating with the workflow named",
      "The pricing sent differs from a fresh rating with the rating workflow named.",
    );

  const workflow = input.recordedWorkflowName
    ? input.workflows.find((w) => w.name === input.recordedWorkflowName)
    : undefined;
  if (input.recordedWorkflowName && !workflow)
    fail(
      "rating-workflow",
      `The rating workflow "${input.recordedWorkflowName}" recorded on the quote no longer exists`,
      `The rating workflow "${input.recordedWorkflowName}" the quote was rated with no longer exists.`,
    );

  const record = ratingScope(input.values, {});
  for (const condition of workflow?.preconditions ?? []) {
    if (input.mode === "conditions" && readsClock(condition.expression))
      fail(
        "precondition",
        `${condition.message} (reads the clock: evaluated when binding, not ahead of time)`,
        `${sentence(condition.message).replace(/[.!?]$/, "")} (checked when binding, not ahead of time).`,
      );
    else if (!conditionHolds(condition.expression, record, input.now))
      fail("precondition", condition.message, sentence(condition.message));
  }
  for (const problem of input.policyDataProblems ?? [])
    if (!(term && /^policy(Start|End)Date\b/.test(problem.message)))
      fail("policy-data", problem.message, problem.userMessage);
  if (input.policyInvoicingFailure)
    fail("policy-invoicing", input.policyInvoicingFailure.message, input.policyInvoicingFailure.userMessage);

  const advisories = (workflow?.billingPreconditions ?? []).flatMap((condition): BindAdvisory[] =>
    conditionHolds(condition.expression, record, input.now)
      ? []
      : [{ rule: "billing-precondition", message: condition.message, checkScope: "endorsement-billing" }],
  );
  return { failures, advisories };
}

/** `quoteBindErrors` entries: `"<rule>: <message>"`. */
export const bindErrorsOf = (failures: readonly BindFailure[]) => failures.map((f) => `${f.rule}: ${f.message}`);
