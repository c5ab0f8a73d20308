import { ownValue, sameJson } from "../../lib/json";
import type { OptionSet, SubField } from "../configuration/document";
import { callerFills } from "./entry-rules";
import { isMissingValue, readFieldValue, type ValueProblem } from "./field-values";
import { VALUE_BOUNDS } from "./value-reading";

/**
 * Embedded exposures (interface, "Generated-field rule for embedded exposures"): point-in-time copies
 * holding only the exposure's own values. Relationship (join) fields are not exposure fields, so they
 * are refused like any unknown key; an explicit null for a generated field is ignored.
 */
export type EmbeddedReading =
  | { ok: true; exposures: Array<Record<string, unknown>> }
  | { ok: false; kind: "shape"; missing: ValueProblem[]; problems: ValueProblem[] }
  | { ok: false; kind: "generated"; paths: string[] }
  | { ok: false; kind: "invalid"; problems: ValueProblem[] };

const isGenerated = (field: SubField | undefined) => field?.typeInfo.kind === "Sequence";

export function readEmbeddedExposures(
  value: unknown,
  exposureFields: readonly SubField[],
  optionSets: readonly OptionSet[],
  existing: ReadonlyArray<Record<string, unknown>> | undefined,
  now?: Date,
): EmbeddedReading {
  if (!Array.isArray(value))
    return { ok: false, kind: "invalid", problems: [{ path: "exposures", problem: "must be a list of exposures" }] };
  if (value.length > VALUE_BOUNDS.embeddedExposures) {
    const problem = `must have at most ${VALUE_BOUNDS.embeddedExposures.toLocaleString("en-US")} exposures`;
    return { ok: false, kind: "invalid", problems: [{ path: "exposures", problem }] };
  }
  const fields = new Map(exposureFields.map((f) => [f.referenceId, f]));
  const context = { optionSets: new Map(optionSets.map((s) => [s.key, s])), now };
  const missing: ValueProblem[] = [];
  const problems: ValueProblem[] = [];
  const generated: string[] = [];
  const exposures: Array<Record<string, unknown>> = [];

  const refused = new Set<string>();
  value.forEach((item, index) => {
    const at = `exposures[${index}]`;
    if (!item || typeof item !== "object" || Array.isArray(item)) {
      problems.push({ path: at, problem: "must be an exposure object" });
      return;
    }
    const copy: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(item as Record<string, unknown>)) {
      const field = fields.get(key);
      if (!field) {
        problems.push({ path: `${at}.${key}`, problem: "is not an exposure field" });
        continue;
      }
      if (isGenerated(field)) {
        if (v === null) continue;
        if (!sameJson(v, existing?.[index]?.[key])) generated.push(`${at}.${key}`);
        else copy[key] = v;
        continue;
      }
      // Written over stored items (`planEmbeddedExposures`), a Group's entries follow their write rules too.
      const write = existing ? { stored: existing[index]?.[key] } : undefined;
      const reading = readFieldValue(field, v, context, `${at}.${key}`, write);
      if (reading.ok) copy[key] = reading.value;
      else {
        problems.push(...reading.problems);
        for (const problem of reading.problems) refused.add(problem.path);
      }
    }
    for (const field of exposureFields) {
      const absent = isMissingValue(ownValue(copy, field.referenceId));
      if (field.required && callerFills(field) && absent && !refused.has(`${at}.${field.referenceId}`))
        missing.push({ path: `${at}.${field.referenceId}`, problem: "is required" });
    }
    exposures.push(copy);
  });

  if (generated.length) return { ok: false, kind: "generated", paths: generated };
  if (missing.length) return { ok: false, kind: "shape", missing, problems };
  if (problems.length) return { ok: false, kind: "invalid", problems };
  return { ok: true, exposures };
}
