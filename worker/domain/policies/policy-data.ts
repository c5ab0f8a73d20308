import type { z } from "zod";
import { ownValue } from "../../lib/json";
import type { OptionSet, SubField } from "../configuration/document";
import { DEFAULT_TIMEZONE, type Fmv1Date, readFmv1Date } from "../dates/fmv1-date";
import { defaultsToApply } from "../entities/derived-values";
import { readEmbeddedExposures } from "../entities/embedded-exposures";
import { lockedGroupFields } from "../entities/entry-lists";
import { readFieldValue, type ValueProblem } from "../entities/field-values";
import { fieldPath } from "../paths";
import { setAsideExposureIds, withExposureIds } from "./exposure-ids";
import {
  CrossSegmentRatingOutputsSchema,
  negativeRollupProblem,
  negativeRollups,
  normalizePricing,
  PricingInputSchema,
  RatingResultSchema,
} from "./pricing";
import { PRIMARY_INSURED_FIELDS } from "./primary-insured";

/** Members the platform defines on every policy, beyond configured policy fields. */
const CONTAINERS = {
  fullTermPricingInfo: PricingInputSchema,
  fullTermPolicyRatingResult: RatingResultSchema,
  crossSegmentRatingOutputs: CrossSegmentRatingOutputsSchema,
} as const;
/**
 * Members a policy payload may carry that are accepted and dropped (interface, policy version shape and
 * contacts): the removed container `fullTermPolicyInfo` (its members never reach validation) and `contacts`
 * (contacts are unversioned). New business and renewal data drop them, and so do endorsement deltas.
 */
export const IGNORED_POLICY_MEMBERS: ReadonlySet<string> = new Set(["fullTermPolicyInfo", "contacts"]);
const IGNORED = new Set([...IGNORED_POLICY_MEMBERS, "batchId"]);
const DERIVED = new Set<string>(PRIMARY_INSURED_FIELDS);

export interface PolicyDataContext {
  policyFields: readonly SubField[];
  exposureFields: readonly SubField[];
  optionSets: readonly OptionSet[];
  holdsWriteGroup(group: string): boolean;
  /** When the request arrived: an OFAC `screenedAt` later than 5 minutes after it is refused (CONTRACT 3). */
  now: Date;
}

export interface PolicyData {
  data: Record<string, unknown>;
  termStart: Fmv1Date;
  termEnd: Fmv1Date;
  /** Policy fields the data leaves out that take their computed default (`completePolicyValues`). */
  defaults: SubField[];
}

export type PolicyDataReading =
  | { ok: true; value: PolicyData }
  | { ok: false; kind: "invalid"; problems: ValueProblem[] }
  | { ok: false; kind: "write-group"; fields: Array<{ referenceId: string; group: string }> }
  | { ok: false; kind: "generated"; referenceIds: string[] }
  | { ok: false; kind: "shape"; missing: ValueProblem[]; problems: ValueProblem[] };

function zodProblems(base: string, error: z.ZodError): ValueProblem[] {
  return error.issues.map((issue) => ({
    path: fieldPath([base, ...issue.path]),
    problem:
      issue.code === "unrecognized_keys"
        ? `has undeclared member ${issue.keys.map((k) => `"${k}"`).join(", ")}`
        : issue.message,
  }));
}

/**
 * Reads the `data` of a new-business or renew transaction (CONTRACT section 4, "Policy shape"):
 * a plain object of policy field values; problems name the field without any prefix.
 */
export function readPolicyData(
  raw: unknown,
  context: PolicyDataContext,
  options: { previousPolicy: "required" | "refused" },
): PolicyDataReading {
  if (!raw || typeof raw !== "object" || Array.isArray(raw))
    return {
      ok: false,
      kind: "invalid",
      problems: [{ path: "data", problem: "must be an object of policy field values" }],
    };
  const input = raw as Record<string, unknown>;
  const fields = new Map(context.policyFields.map((f) => [f.referenceId, f]));

  const locked = Object.keys(input).flatMap((key) => {
    const group = fields.get(key)?.writePermission;
    return group && !context.holdsWriteGroup(group) ? [{ referenceId: key, group }] : [];
  });
  // Inside its Group values, a new policy's entries may not set a locked sub-field (nothing is stored yet).
  locked.push(...lockedGroupFields(context.policyFields, input, null, context.holdsWriteGroup));
  if (locked.length) return { ok: false, kind: "write-group", fields: locked };
  const generated = Object.entries(input)
    .filter(([key, v]) => fields.get(key)?.typeInfo.kind === "Sequence" && v !== null)
    .map(([key]) => key);
  if (generated.length) return { ok: false, kind: "generated", referenceIds: generated };

  const problems: ValueProblem[] = [];
  const data: Record<string, unknown> = {};
  const valueContext = { optionSets: new Map(context.optionSets.map((s) => [s.key, s])), now: context.now };
  let termStart: Fmv1Date | null = null;
  let termEnd: Fmv1Date | null = null;

  for (const [key, value] of Object.entries(input)) {
    if (IGNORED.has(key)) continue;
    if (DERIVED.has(key)) {
      problems.push({ path: key, problem: "is derived from the policy's exposures and cannot be sent" });
    } else if (key === "policyStartDate" || key === "policyEndDate") {
      const date = readFmv1Date(value);
      if (!date.ok) problems.push({ path: key, problem: date.problem });
      else {
        data[key] = date.value;
        if (key === "policyStartDate") termStart = date.value;
        else termEnd = date.value;
      }
    } else if (key === "policyNumber") {
      if (typeof value !== "string" || !value.trim() || value.length > 64)
        problems.push({ path: key, problem: "must be text of 1 to 64 characters" });
      else data[key] = value.trim();
    } else if (key === "previousPolicy") {
      if (options.previousPolicy === "refused")
        problems.push({ path: key, problem: "is set by a renewal, not by new business" });
      else if (typeof value !== "string" || !/^[0-9a-f-]{36}$/i.test(value))
        problems.push({ path: key, problem: "must be the id of the policy being renewed" });
      else data[key] = value.toLowerCase();
    } else if (key in CONTAINERS) {
      const parsed = CONTAINERS[key as keyof typeof CONTAINERS].safeParse(value);
      if (!parsed.success) problems.push(...zodProblems(key, parsed.error));
      else if (key === "fullTermPricingInfo") {
        const pricing = normalizePricing(parsed.data as z.infer<typeof PricingInputSchema>);
        problems.push(...negativeRollups(pricing).map((n) => negativeRollupProblem(key, n)));
        data[key] = pricing;
      } else data[key] = parsed.data;
    } else if (key === "exposures") {
      const ids = setAsideExposureIds(value);
      const embedded = readEmbeddedExposures(
        ids.exposures,
        context.exposureFields,
        context.optionSets,
        undefined,
        context.now,
      );
      if (!embedded.ok && embedded.kind === "shape")
        return {
          ok: false,
          kind: "shape",
          missing: embedded.missing,
          problems: [...ids.problems, ...embedded.problems],
        };
      if (!embedded.ok && embedded.kind === "generated")
        return { ok: false, kind: "generated", referenceIds: embedded.paths };
      problems.push(...ids.problems);
      if (!embedded.ok) problems.push(...embedded.problems);
      else data.exposures = withExposureIds(embedded.exposures, ids.ids);
    } else {
      const field = fields.get(key);
      if (!field) {
        problems.push({ path: key, problem: "is not a policy field" });
        continue;
      }
      if (field.readOnly) {
        problems.push({ path: key, problem: "is read-only" });
        continue;
      }
      const reading = readFieldValue(field, value, valueContext, key, { stored: undefined });
      if (reading.ok) data[key] = reading.value;
      else problems.push(...reading.problems);
    }
  }

  if (!("policyStartDate" in input)) problems.push({ path: "policyStartDate", problem: "is required" });
  if (!("policyEndDate" in input)) problems.push({ path: "policyEndDate", problem: "is required" });
  if (options.previousPolicy === "required" && !("previousPolicy" in input))
    problems.push({ path: "previousPolicy", problem: "is required on renewal" });
  // A field left out with a computed default is filled once the data is complete, and checked then.
  const defaults = defaultsToApply(context.policyFields, input, null);
  for (const field of context.policyFields) {
    const generatedLater =
      field.typeInfo.kind === "Sequence" || field.typeInfo.kind === "Calculated" || defaults.includes(field);
    if (
      field.required &&
      !generatedLater &&
      ownValue(data, field.referenceId) == null &&
      !problems.some((p) => p.path === field.referenceId)
    ) {
      problems.push({ path: field.referenceId, problem: "is required" });
    }
  }
  if (termStart && termEnd && termEnd.date <= termStart.date)
    problems.push({ path: "policyEndDate", problem: "must be after policyStartDate" });
  if (termStart && termEnd) {
    const zones = sharedTermZone(input.policyStartDate, input.policyEndDate);
    if (!zones.ok) problems.push({ path: "policyEndDate", problem: zones.problem });
    else {
      termStart = { ...termStart, timezone: zones.timezone };
      termEnd = { ...termEnd, timezone: zones.timezone };
      data.policyStartDate = termStart;
      data.policyEndDate = termEnd;
    }
  }
  data.fullTermPricingInfo ??= null;
  if (problems.length || !termStart || !termEnd) return { ok: false, kind: "invalid", problems };
  return { ok: true, value: { data, termStart, termEnd, defaults } };
}

const sentZone = (value: unknown) =>
  typeof (value as { timezone?: unknown }).timezone === "string" ? (value as { timezone: string }).timezone : null;

/**
 * The one time zone of a policy's term dates (CONTRACT section 4: else 400). A date sent without a zone is in
 * the default zone, America/New_York (interface, Fmv1Date), so it shares a zone only with another in that
 * zone: a start in Chicago and an end without a zone are two zones, refused.
 */
function sharedTermZone(start: unknown, end: unknown): { ok: true; timezone: string } | { ok: false; problem: string } {
  const [startZone, endZone] = [sentZone(start) ?? DEFAULT_TIMEZONE, sentZone(end) ?? DEFAULT_TIMEZONE];
  if (startZone !== endZone)
    return { ok: false, problem: `must be in the time zone of policyStartDate (${startZone}), not ${endZone}` };
  return { ok: true, timezone: startZone };
}
