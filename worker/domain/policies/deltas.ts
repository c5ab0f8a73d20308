import type { OptionSet, SubField } from "../configuration/document";
import { isCalendarDay, isTimeZone, usesRetiredSpelling } from "../dates/fmv1-date";
import { readEmbeddedExposures } from "../entities/embedded-exposures";
import { readFieldValue, type ValueProblem } from "../entities/field-values";
import { CrossSegmentRatingOutputsSchema, normalizePricing, PricingInputSchema, RatingResultSchema } from "./pricing";

/** One endorsement change: `policy.<referenceId>[.<member>...]` set to `value` (stored exactly as sent). */
export interface Delta {
  path: string;
  value: unknown;
}

export interface DeltaContext {
  policyFields: readonly SubField[];
  exposureFields: readonly SubField[];
  optionSets: readonly OptionSet[];
}

const PATH = /^policy\.([A-Za-z][A-Za-z0-9_]*)((?:\.[A-Za-z0-9_]+)*)$/;
/** Members an endorsement may not touch: the term start and the platform's own values. */
const FIXED: Record<string, string> = {
  policyStartDate: "the term start cannot be endorsed; cancel and write new business instead",
  policyNumber: "the policy number cannot be endorsed",
  previousPolicy: "the renewal link cannot be endorsed",
  primaryInsuredName: "is derived from the policy's exposures",
  primaryInsuredId: "is derived from the policy's exposures",
};
const CONTAINER_SCHEMAS = {
  fullTermPricingInfo: PricingInputSchema,
  fullTermPolicyRatingResult: RatingResultSchema,
  crossSegmentRatingOutputs: CrossSegmentRatingOutputsSchema,
} as const;

/** A Date value written whole: exactly `{date, timezone}`, both valid (the retired spelling is refused). */
function canonicalDateProblem(value: unknown): string | null {
  if (usesRetiredSpelling(value))
    return "uses the retired {day, month, year} spelling; a Date is written as {date, timezone}";
  if (!value || typeof value !== "object" || Array.isArray(value)) return "must be a Date object {date, timezone}";
  const keys = Object.keys(value).sort().join(",");
  if (keys !== "date,timezone") return "must carry both date and timezone, and nothing else";
  const { date, timezone } = value as Record<string, unknown>;
  if (typeof date !== "string" || !isCalendarDay(date))
    return "must have a date written YYYY-MM-DD that is a real calendar day";
  if (typeof timezone !== "string" || !isTimeZone(timezone)) return "must have an IANA timezone";
  return null;
}

function setAt(data: Record<string, unknown>, members: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = members as [string, ...string[]];
  if (rest.length === 0) return { ...data, [head]: value };
  const inner = data[head];
  return {
    ...data,
    [head]: setAt(
      inner && typeof inner === "object" && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {},
      rest,
      value,
    ),
  };
}

type Reading = { ok: true; data: Record<string, unknown> } | { ok: false; problems: ValueProblem[] };
export type DeltaPlan =
  | { ok: true; apply(data: Record<string, unknown>): Reading; termEnd: string | null }
  | { ok: false; problems: ValueProblem[] };

/** Checks every delta before anything changes (interface, Policies: endorse deltas). */
export function planDeltas(deltas: readonly Delta[], context: DeltaContext): DeltaPlan {
  const fields = new Map(context.policyFields.map((f) => [f.referenceId, f]));
  const valueContext = { optionSets: new Map(context.optionSets.map((s) => [s.key, s])) };
  const problems: ValueProblem[] = [];
  let termEnd: string | null = null;

  deltas.forEach(({ path, value }) => {
    const match = PATH.exec(path);
    if (!match) return problems.push({ path, problem: "must be a path like policy.<referenceId>" });
    const member = match[1]!;
    const deeper = match[2]!.length > 0;
    const field = fields.get(member);
    const isDate = member === "policyEndDate" || field?.typeInfo.kind === "Date";
    if (FIXED[member]) return problems.push({ path, problem: FIXED[member]! });
    if (isDate) {
      if (deeper)
        return problems.push({
          path,
          problem: "writes one member of a Date; a Date is written whole as {date, timezone}",
        });
      const problem = canonicalDateProblem(value);
      if (problem) return problems.push({ path, problem });
      if (member === "policyEndDate") termEnd = (value as { date: string }).date;
      return;
    }
    if (member in CONTAINER_SCHEMAS) return;
    if (member === "exposures") {
      if (deeper)
        return problems.push({ path, problem: "writes into one exposure; the exposures are written whole as a list" });
      // Checked like new business's exposures; the value is still stored exactly as sent.
      const embedded = readEmbeddedExposures(value, context.exposureFields, context.optionSets, undefined);
      if (!embedded.ok)
        problems.push(
          ...(embedded.kind === "generated"
            ? embedded.paths.map((p) => ({ path: p, problem: "is platform-generated" }))
            : embedded.kind === "shape"
              ? [...embedded.missing, ...embedded.problems]
              : embedded.problems
          ).map((p) => ({ ...p, path: `policy.${p.path}` })),
        );
      return;
    }
    if (!field) return problems.push({ path, problem: "is not a policy field" });
    if (field.readOnly || field.typeInfo.kind === "Sequence") return problems.push({ path, problem: "is read-only" });
    // A member path is checked after it is applied, against the field's whole new value (see `apply`).
    if (!deeper) {
      const reading = readFieldValue(field, value, valueContext, path);
      if (!reading.ok) problems.push(...reading.problems);
    }
  });
  if (problems.length) return { ok: false, problems };

  // Fields written through a member path (`policy.mailingAddress.city`): their whole value is read again.
  const memberWritten = [
    ...new Set(
      deltas
        .map((d) => d.path.split("."))
        .filter((p) => p.length > 2 && fields.has(p[1]!))
        .map((p) => p[1]!),
    ),
  ];
  return {
    ok: true,
    termEnd,
    apply(data) {
      let next = data;
      for (const { path, value } of deltas) next = setAt(next, path.split(".").slice(1), value);
      const fieldProblems = memberWritten.flatMap((ref) => {
        const reading = readFieldValue(fields.get(ref)!, next[ref], valueContext, `policy.${ref}`);
        return reading.ok ? [] : reading.problems;
      });
      const containers = revalidateContainers(next);
      if (fieldProblems.length || !containers.ok)
        return { ok: false, problems: [...fieldProblems, ...(containers.ok ? [] : containers.problems)] };
      return containers;
    },
  };
}

/** Containers changed by deltas are read again as a whole: undeclared members refused, rollups recomputed. */
export function revalidateContainers(
  data: Record<string, unknown>,
): { ok: true; data: Record<string, unknown> } | { ok: false; problems: ValueProblem[] } {
  const out = { ...data };
  const problems: ValueProblem[] = [];
  for (const [member, schema] of Object.entries(CONTAINER_SCHEMAS)) {
    if (!(member in data)) continue;
    const parsed = schema.safeParse(data[member]);
    if (!parsed.success)
      problems.push(
        ...parsed.error.issues.map((i) => ({
          path: ["policy", member, ...i.path].join("."),
          problem: i.code === "unrecognized_keys" ? `has undeclared member ${i.keys.join(", ")}` : i.message,
        })),
      );
    else out[member] = member === "fullTermPricingInfo" ? normalizePricing(parsed.data as never) : parsed.data;
  }
  return problems.length ? { ok: false, problems } : { ok: true, data: out };
}
