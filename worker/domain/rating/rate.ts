import { type JsonObject, setAt } from "../../lib/json";
import type { RatingWorkflow } from "../configuration/document";
import { DEFAULT_TIMEZONE } from "../dates/fmv1-date";
import { evaluateExpression } from "../expressions/evaluate";
import { centsOf } from "../money";
import { type FullTermPricingInfo, normalizePricing, type PricingComponent } from "../policies/pricing";
import { type PricingStage, type RatingStage, readRatingStage, type TableStage } from "./stages";

/**
 * A rate (CONTRACT section 5.4): preconditions, then the stages in order, then the pricing contract from
 * the emitted components, then the warnings. Pure: the caller supplies the quote's values and the clock.
 *
 * The rating record, the scope of every expression: the quote's values by referenceId, `exposures`,
 * `exposure` (the current exposure on a per-path run, else null) and `rating` (stage outputs so far); a
 * quote field named `exposure` or `rating` is shadowed.
 */

export interface RatingDiagnostic {
  severity: "warning";
  code: "rating-workflow-warning";
  message: string;
  fieldPath: string[];
}

export interface RatingResult {
  policyPremium: number;
  policyTaxes: number;
  policyFees: number;
  policyGrandTotal: number;
}

export interface Rating {
  outputs: JsonObject;
  fullTermPricingInfo: NonNullable<FullTermPricingInfo>;
  fullTermPolicyRatingResult: RatingResult;
  diagnostics: RatingDiagnostic[];
}

export type RatingOutcome =
  | { ok: true; rating: Rating }
  | { ok: false; kind: "precondition"; failures: Array<{ index: number; message: string }> }
  | { ok: false; kind: "stage"; index: number; problem: string };

class StageFailure extends Error {}

const exposuresOf = (values: JsonObject): unknown[] => (Array.isArray(values.exposures) ? values.exposures : []);

/** The rating record of CONTRACT 5.4 for one run. */
export function ratingScope(values: JsonObject, rating: JsonObject, exposure: unknown = null): JsonObject {
  return { ...values, exposures: exposuresOf(values), exposure, rating };
}

function evaluate(source: string, scope: JsonObject, now: Date): unknown {
  return evaluateExpression(source, { scope, now, timezone: DEFAULT_TIMEZONE }) ?? null;
}

/** A condition holds only when it evaluates to exactly `true`; an evaluation error is a failure. */
export function conditionHolds(source: string, scope: JsonObject, now: Date): boolean {
  try {
    return evaluate(source, scope, now) === true;
  } catch {
    return false;
  }
}

function tableValue(stage: TableStage, scope: JsonObject, now: Date): unknown {
  const inputs = Object.fromEntries(
    Object.entries(stage.inputs).map(([column, source]) => [column, evaluate(source, scope, now)]),
  );
  const row = stage.rows.find((r) => Object.entries(r.match).every(([column, value]) => inputs[column] === value));
  if (row) return row.value;
  if (stage.fallback) return stage.fallback.value;
  throw new StageFailure(`no row matches the inputs ${JSON.stringify(inputs)} and the table has no default`);
}

function emittedComponents(stage: PricingStage, scope: JsonObject, now: Date): PricingComponent[] {
  return stage.components.map((spec) => {
    const value = evaluate(spec.value, scope, now);
    if (typeof value !== "number" || !Number.isFinite(value))
      throw new StageFailure(`component "${spec.label}" has the value ${JSON.stringify(value)}, not a finite number`);
    const { label, group, kind, earningBasis } = spec;
    return { label, group, kind, value, ...(earningBasis ? { earningBasis } : {}) };
  });
}

/** One run of a stage with `exposure` bound (or null): the value it writes, or the components it emits. */
function runOnce(
  stage: RatingStage,
  scope: JsonObject,
  now: Date,
): { value?: unknown; components?: PricingComponent[] } {
  switch (stage.stageType) {
    case "expression":
      return { value: evaluate(stage.expression, scope, now) };
    case "table":
      return { value: tableValue(stage, scope, now) };
    case "pricing":
      return { components: emittedComponents(stage, scope, now) };
  }
}

interface RunState {
  rating: JsonObject;
  components: PricingComponent[];
}

function runStage(stage: RatingStage, values: JsonObject, state: RunState, now: Date): RunState {
  const runs = stage.callOncePerPath
    ? exposuresOf(values).map((exposure) => runOnce(stage, ratingScope(values, state.rating, exposure), now))
    : [runOnce(stage, ratingScope(values, state.rating), now)];
  const components = [...state.components, ...runs.flatMap((run) => run.components ?? [])];
  if (stage.stageType === "pricing") return { rating: state.rating, components };
  const written = stage.callOncePerPath ? runs.map((run) => run.value ?? null) : (runs[0]?.value ?? null);
  return { rating: setAt(state.rating, stage.outputPath, written) as JsonObject, components };
}

const plainSum = (...values: number[]) => values.reduce((cents, v) => cents + centsOf(v), 0) / 100;

/** `fullTermPolicyRatingResult` from the pricing contract (step 3): the grand total adds in cents. */
export function ratingResultOf(pricing: NonNullable<FullTermPricingInfo>): RatingResult {
  return {
    policyPremium: pricing.premium,
    policyTaxes: pricing.taxes,
    policyFees: pricing.fees,
    policyGrandTotal: plainSum(pricing.premium, pricing.taxes, pricing.fees),
  };
}

const problemOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Rates `values` (the quote's data, exposures included) through `workflow` at `now`. */
export function rateQuote(workflow: RatingWorkflow, values: JsonObject, now: Date): RatingOutcome {
  const record = ratingScope(values, {});
  const failures = workflow.preconditions.flatMap((condition, index) =>
    conditionHolds(condition.expression, record, now) ? [] : [{ index, message: condition.message }],
  );
  if (failures.length) return { ok: false, kind: "precondition", failures };

  let state: RunState = { rating: {}, components: [] };
  for (const [index, raw] of workflow.stages.entries()) {
    const reading = readRatingStage(raw);
    if (!reading.ok) {
      const problem = reading.problems.map((p) => [p.path.join("."), p.message].filter(Boolean).join(" ")).join("; ");
      return { ok: false, kind: "stage", index, problem: `does not fit its stage type: ${problem}` };
    }
    try {
      state = runStage(reading.stage, values, state, now);
    } catch (error) {
      return { ok: false, kind: "stage", index, problem: problemOf(error) };
    }
  }

  const pricing = normalizePricing({ pricingComponents: state.components });
  if (!pricing) throw new Error("a rate produced no pricing contract");
  const warningScope = { ...ratingScope(values, state.rating), pricing };
  const diagnostics = workflow.warnings.flatMap((warning): RatingDiagnostic[] =>
    conditionHolds(warning.expression, warningScope, now)
      ? []
      : [{ severity: "warning", code: "rating-workflow-warning", message: warning.message, fieldPath: [] }],
  );
  return {
    ok: true,
    rating: {
      outputs: state.rating,
      fullTermPricingInfo: pricing,
      fullTermPolicyRatingResult: ratingResultOf(pricing),
      diagnostics,
    },
  };
}
