import { z } from "zod";
import { isRecord } from "../../lib/json";
import type { RatingWorkflow } from "../configuration/document";
import { expressionProblem } from "../expressions/evaluate";
import { COMPONENT_KINDS, EARNING_BASES } from "../policies/pricing";

/**
 * The three rating stage types of CONTRACT section 5.4, read from a configured stage. A stage that does
 * not fit its type's shape is refused at import (`invalid-rating-stage`); one stored earlier that no
 * longer fits is refused again when a rate runs it (422 `RatingFailed`).
 */

export type Scalar = string | number | boolean | null;

export interface ExpressionStage {
  stageType: "expression";
  expression: string;
  outputPath: string[];
  callOncePerPath: boolean;
}

export interface TableStage {
  stageType: "table";
  rows: Array<{ match: Record<string, Scalar>; value: unknown }>;
  /** Absent when the table has no default (then a miss is a stage failure). */
  fallback: { value: unknown } | null;
  inputs: Record<string, string>;
  outputPath: string[];
  callOncePerPath: boolean;
}

export interface ComponentSpec {
  label: string;
  group: string;
  kind: (typeof COMPONENT_KINDS)[number];
  value: string;
  earningBasis?: (typeof EARNING_BASES)[number];
}

export interface PricingStage {
  stageType: "pricing";
  components: ComponentSpec[];
  callOncePerPath: boolean;
}

export type RatingStage = ExpressionStage | TableStage | PricingStage;

export const STAGE_TYPES = ["expression", "table", "pricing"] as const;

/** One thing wrong with a stage: where inside the stage (`raterSpec.rows.0.match`) and what. */
export interface StageProblem {
  path: Array<string | number>;
  message: string;
}

export type StageReading = { ok: true; stage: RatingStage } | { ok: false; problems: StageProblem[] };

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_EXPRESSION = 2000;

const ScalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const ExpressionSpecSchema = z.strictObject({ expression: z.string().min(1).max(MAX_EXPRESSION) });

const TableSpecSchema = z.strictObject({
  rows: z.array(z.strictObject({ match: z.record(z.string(), ScalarSchema), value: z.unknown() })).max(10_000),
  default: z.unknown().optional(),
});

// A column is a plain name the rows match on (CONTRACT 5.4 sets no naming rule): any text of 1 to 200 characters.
const TableInputsSchema = z.record(z.string().min(1).max(200), z.string().min(1).max(MAX_EXPRESSION));

const ComponentSpecSchema = z
  .strictObject({
    label: z.string().min(1).max(200),
    group: z.string().max(200),
    kind: z.enum(COMPONENT_KINDS),
    value: z.string().min(1).max(MAX_EXPRESSION),
    earningBasis: z.enum(EARNING_BASES).optional(),
  })
  .refine((c) => c.kind !== "Other" || c.earningBasis === undefined, {
    message: "earningBasis is not allowed on components of kind Other",
    path: ["earningBasis"],
  });

const PricingSpecSchema = z.strictObject({ components: z.array(ComponentSpecSchema).max(1000) });

const segmentsOf = (path: readonly PropertyKey[]) => path.map((p) => (typeof p === "number" ? p : String(p)));

/** One problem per refused value; an unknown member is named by its own path. */
const zodProblems = (base: string, error: z.ZodError): StageProblem[] =>
  error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({
          path: [base, ...segmentsOf(issue.path), key],
          message: "is not a member of this shape",
        }))
      : [{ path: [base, ...segmentsOf(issue.path)], message: issue.message }],
  );

/** `a.b.c` → `["a", "b", "c"]` when every member is a name; null otherwise. */
export function outputPathOf(raw: unknown): string[] | null {
  if (typeof raw !== "string" || !raw) return null;
  const members = raw.split(".");
  return members.every((m) => IDENTIFIER.test(m)) ? members : null;
}

function expressionProblems(path: Array<string | number>, source: string): StageProblem[] {
  const problem = expressionProblem(source);
  return problem ? [{ path, message: `expression "${source}" is not valid: ${problem}` }] : [];
}

function readOutputPath(stage: Record<string, unknown>, problems: StageProblem[]): string[] {
  const path = outputPathOf(stage.outputPath);
  if (!path)
    problems.push({ path: ["outputPath"], message: "must be a dotted path of names such as basePremium.total" });
  return path ?? [];
}

function readExpressionStage(stage: Record<string, unknown>, callOncePerPath: boolean): StageReading {
  const problems: StageProblem[] = [];
  const spec = ExpressionSpecSchema.safeParse(stage.raterSpec);
  if (!spec.success) problems.push(...zodProblems("raterSpec", spec.error));
  else problems.push(...expressionProblems(["raterSpec", "expression"], spec.data.expression));
  const outputPath = readOutputPath(stage, problems);
  if (problems.length || !spec.success) return { ok: false, problems };
  return {
    ok: true,
    stage: { stageType: "expression", expression: spec.data.expression, outputPath, callOncePerPath },
  };
}

function readTableStage(stage: Record<string, unknown>, callOncePerPath: boolean): StageReading {
  const problems: StageProblem[] = [];
  const spec = TableSpecSchema.safeParse(stage.raterSpec);
  const inputs = TableInputsSchema.safeParse(stage.inputs ?? {});
  if (!spec.success) problems.push(...zodProblems("raterSpec", spec.error));
  if (!inputs.success) problems.push(...zodProblems("inputs", inputs.error));
  if (inputs.success) {
    for (const [column, source] of Object.entries(inputs.data))
      problems.push(...expressionProblems(["inputs", column], source));
  }
  if (spec.success && inputs.success) {
    spec.data.rows.forEach((row, index) => {
      for (const column of Object.keys(row.match).filter((c) => !Object.hasOwn(inputs.data, c)))
        problems.push({ path: ["raterSpec", "rows", index, "match", column], message: `names no input "${column}"` });
    });
  }
  const outputPath = readOutputPath(stage, problems);
  if (problems.length || !spec.success || !inputs.success) return { ok: false, problems };
  const raterSpec = stage.raterSpec as Record<string, unknown>;
  return {
    ok: true,
    stage: {
      stageType: "table",
      rows: spec.data.rows.map((row) => ({ match: row.match, value: row.value ?? null })),
      fallback: Object.hasOwn(raterSpec, "default") ? { value: raterSpec.default ?? null } : null,
      inputs: inputs.data,
      outputPath,
      callOncePerPath,
    },
  };
}

function readPricingStage(stage: Record<string, unknown>, callOncePerPath: boolean): StageReading {
  const spec = PricingSpecSchema.safeParse(stage.raterSpec);
  if (!spec.success) return { ok: false, problems: zodProblems("raterSpec", spec.error) };
  const problems = spec.data.components.flatMap((component, index) =>
    expressionProblems(["raterSpec", "components", index, "value"], component.value),
  );
  if (problems.length) return { ok: false, problems };
  return { ok: true, stage: { stageType: "pricing", components: spec.data.components, callOncePerPath } };
}

/** Reads one configured stage against its type's shape (CONTRACT 5.4 table); members marked unused are ignored. */
export function readRatingStage(raw: unknown): StageReading {
  if (!isRecord(raw)) return { ok: false, problems: [{ path: [], message: "must be a stage object" }] };
  const callOncePerPath = raw.callOncePerPath === true;
  switch (raw.stageType) {
    case "expression":
      return readExpressionStage(raw, callOncePerPath);
    case "table":
      return readTableStage(raw, callOncePerPath);
    case "pricing":
      return readPricingStage(raw, callOncePerPath);
    default:
      return {
        ok: false,
        problems: [{ path: ["stageType"], message: `must be one of ${STAGE_TYPES.join(", ")}` }],
      };
  }
}

/** The members each stage type reads (CONTRACT 5.4 table); the others are unused, and ignored. */
const USED_MEMBERS: Partial<Record<string, readonly string[]>> = {
  expression: ["stageType", "raterSpec", "outputPath", "callOncePerPath"],
  table: ["stageType", "raterSpec", "inputs", "outputPath", "callOncePerPath"],
  pricing: ["stageType", "raterSpec", "callOncePerPath"],
};

/** Every stage problem of a workflow, each with the stage's index. */
export function workflowStageProblems(workflow: Pick<RatingWorkflow, "stages">) {
  return workflow.stages.flatMap((stage, index) => {
    const reading = readRatingStage(stage);
    return reading.ok ? [] : reading.problems.map((problem) => ({ index, ...problem }));
  });
}

/** A stage of a known type without the members its type does not use: they are ignored, whatever their value. */
export function withoutUnusedMembers<T extends Record<string, unknown>>(stage: T): T {
  // Own members only: a stageType such as "toString" names no stage type (the stage check refuses it).
  const type = stage.stageType;
  const used = typeof type === "string" && Object.hasOwn(USED_MEMBERS, type) ? USED_MEMBERS[type] : undefined;
  if (!used) return stage;
  return Object.fromEntries(Object.entries(stage).filter(([member]) => used.includes(member))) as T;
}
