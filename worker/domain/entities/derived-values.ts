import type { SubField } from "../configuration/document";
import { DEFAULT_TIMEZONE } from "../dates/fmv1-date";
import { evaluateExpression, expressionProblem, referencedNames } from "../expressions/evaluate";
import { ExpressionLimitError } from "../expressions/parse";
import { isMissingValue, type ValueProblem } from "./field-values";

/**
 * Values a save derives once the written ones are known (issue 10, item 8): create-time sequences are
 * minted first (by the caller, which owns the counters), then computed defaults fill the fields a create
 * leaves out, in dependency order, then calculated fields are recomputed, in dependency order. So a
 * default or a calculated field can read a sequence minted by the same create, and a field's value never
 * depends on where it is declared.
 */

type Values = Record<string, unknown>;

/** The fields a create fills from their computed default (x-computed-default): those the body leaves out. */
export function defaultsToApply(fields: readonly SubField[], body: Values, existing: Values | null): SubField[] {
  if (existing) return [];
  return fields.filter((field) => field.computedDefault && !Object.hasOwn(body, field.referenceId));
}

const safeNames = (source: string | null | undefined) =>
  source && !expressionProblem(source) ? referencedNames(source) : [];

/**
 * The fields in an order where each comes after the fields of the list it reads (a stable topological
 * order: declaration order among independent fields). Fields on a cycle keep their declaration order.
 */
export function inDependencyOrder(fields: readonly SubField[], expressionOf: (field: SubField) => string | null) {
  const byId = new Map(fields.map((field) => [field.referenceId, field]));
  const ordered: SubField[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (field: SubField) => {
    if (placed.has(field.referenceId) || visiting.has(field.referenceId)) return;
    visiting.add(field.referenceId);
    for (const name of safeNames(expressionOf(field))) {
      const dependency = byId.get(name);
      if (dependency && dependency !== field) place(dependency);
    }
    visiting.delete(field.referenceId);
    placed.add(field.referenceId);
    ordered.push(field);
  };
  for (const field of fields) place(field);
  return ordered;
}

/**
 * One expression over the values so far; an evaluation error (or nothing) stores null. Passing a bound
 * (text over 10,000 characters, the step budget) is not a value: the save is refused naming the field.
 */
function evaluated(source: string, scope: Values, now: Date): { value: unknown } | { overBound: string } {
  try {
    return { value: evaluateExpression(source, { scope, now, timezone: DEFAULT_TIMEZONE }) ?? null };
  } catch (error) {
    if (error instanceof ExpressionLimitError) return { overBound: error.message };
    return { value: null };
  }
}

/** The values with their calculated fields, and the fields whose value would pass a bound. */
interface Derived {
  data: Values;
  problems: ValueProblem[];
}

/**
 * Calculated fields are recomputed from the values on every save, each after the calculated fields it
 * reads; a field whose expression passes a bound is null here and named in `problems`.
 */
function deriveCalculated(
  fields: readonly SubField[],
  data: Values,
  now: Date,
  pathOf: (referenceId: string) => string,
): Derived {
  const out = { ...data };
  const problems: ValueProblem[] = [];
  const calculated = fields.filter((field) => field.typeInfo.kind === "Calculated");
  for (const field of inDependencyOrder(calculated, (f) => f.typeInfo.expression ?? null)) {
    const result = evaluated(field.typeInfo.expression ?? "", out, now);
    if ("overBound" in result) {
      const problem = `is calculated by an expression that ${result.overBound}`;
      problems.push({ path: pathOf(field.referenceId), problem });
      out[field.referenceId] = null;
    } else out[field.referenceId] = result.value;
  }
  return { data: out, problems };
}

/** The values with their calculated fields (see `deriveCalculated`). */
export const applyCalculatedFields = (fields: readonly SubField[], data: Values, now: Date): Values =>
  deriveCalculated(fields, data, now, (referenceId) => referenceId).data;

export interface CompletedValues {
  data: Values;
  /** Required fields a computed default left empty (`is required`), checked once the defaults ran. */
  problems: ValueProblem[];
}

/**
 * Computed defaults (in dependency order), then calculated fields; the values given must already hold
 * the sequences the create minted. `pathOf` names a field in a refusal (`exposures[1].vin`).
 */
export function completeValues(
  fields: readonly SubField[],
  data: Values,
  defaults: readonly SubField[],
  now: Date,
  pathOf: (referenceId: string) => string = (referenceId) => referenceId,
): CompletedValues {
  const out = { ...data };
  const overBound = new Map<string, string>();
  for (const field of inDependencyOrder(defaults, (f) => f.computedDefault)) {
    const result = evaluated(field.computedDefault ?? "", out, now);
    if ("overBound" in result) overBound.set(field.referenceId, `has a default whose expression ${result.overBound}`);
    out[field.referenceId] = "overBound" in result ? null : result.value;
  }
  const problems = defaults.flatMap((field): ValueProblem[] => {
    const path = pathOf(field.referenceId);
    const bound = overBound.get(field.referenceId);
    if (bound) return [{ path, problem: bound }];
    return field.required && isMissingValue(out[field.referenceId]) ? [{ path, problem: "is required" }] : [];
  });
  const calculated = deriveCalculated(fields, out, now, pathOf);
  return { data: calculated.data, problems: [...problems, ...calculated.problems] };
}
