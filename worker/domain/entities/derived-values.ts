import type { SubField } from "../configuration/document";
import { DEFAULT_TIMEZONE } from "../dates/fmv1-date";
import { evaluateExpression, expressionProblem, referencedNames } from "../expressions/evaluate";
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
  return fields.filter((field) => field.computedDefault && !(field.referenceId in body));
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

/** One expression over the values so far; an evaluation error (or nothing) stores null. */
function evaluated(source: string, scope: Values, now: Date): unknown {
  try {
    return evaluateExpression(source, { scope, now, timezone: DEFAULT_TIMEZONE }) ?? null;
  } catch {
    return null;
  }
}

/** Calculated fields are recomputed from the values on every save, each after the calculated fields it reads. */
export function applyCalculatedFields(fields: readonly SubField[], data: Values, now: Date): Values {
  const out = { ...data };
  const calculated = fields.filter((field) => field.typeInfo.kind === "Calculated");
  for (const field of inDependencyOrder(calculated, (f) => f.typeInfo.expression ?? null)) {
    out[field.referenceId] = evaluated(field.typeInfo.expression ?? "", out, now);
  }
  return out;
}

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
  for (const field of inDependencyOrder(defaults, (f) => f.computedDefault)) {
    out[field.referenceId] = evaluated(field.computedDefault ?? "", out, now);
  }
  const problems = defaults
    .filter((field) => field.required && isMissingValue(out[field.referenceId]))
    .map((field) => ({ path: pathOf(field.referenceId), problem: "is required" }));
  return { data: applyCalculatedFields(fields, out, now), problems };
}
