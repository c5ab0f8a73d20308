import type { SubField } from "../configuration/document";
import { evaluateExpression } from "../expressions/evaluate";
import type { Coverage, Segment } from "./segments";

/** The policy members derived from its exposures: never sent, never endorsed, resolved per segment. */
export const PRIMARY_INSURED_FIELDS = ["primaryInsuredName", "primaryInsuredId"] as const;

export interface PrimaryInsured {
  primaryInsuredName: string | null;
  primaryInsuredId: string | null;
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);

/**
 * The primary insured of one segment, from its exposures (interface: derived per company
 * configuration, resolved per segment, never sent). The primary exposure keeps its place when the list
 * is reordered: it is the exposure carrying the primary insured id the data already holds (the id an
 * endorsement's data inherits from before it), else the first one. A company may configure a policy
 * field `primaryInsuredName` of kind Calculated: its expression runs with the segment's data and
 * `primaryExposure` in scope. Otherwise the name is the primary exposure's `exposureName` (or `name`),
 * and the id is its `id` (the company's exposure it copies), or a configured `exposureId`.
 */
export function primaryInsuredOf(
  data: Record<string, unknown>,
  policyFields: readonly SubField[],
  now: Date,
): PrimaryInsured {
  const exposures = Array.isArray(data.exposures) ? (data.exposures as Array<Record<string, unknown>>) : [];
  const held = text(data.primaryInsuredId);
  const primary = (held && exposures.find((e) => idOf(e) === held)) || exposures[0] || null;
  const configured = policyFields.find(
    (f) => f.referenceId === "primaryInsuredName" && f.typeInfo.kind === "Calculated",
  );
  let name = text(primary?.exposureName) ?? text(primary?.name);
  if (configured?.typeInfo.expression) {
    try {
      name = text(
        evaluateExpression(configured.typeInfo.expression, {
          scope: { ...data, primaryExposure: primary },
          now,
          timezone: "America/New_York",
        }),
      );
    } catch {
      name = null;
    }
  }
  return { primaryInsuredName: name, primaryInsuredId: primary ? idOf(primary) : null };
}

const idOf = (exposure: Record<string, unknown> | null | undefined) => text(exposure?.id) ?? text(exposure?.exposureId);

/** Every segment (and every segment a reinstatement would restore) carries its own primary insured. */
export function withPrimaryInsured(coverage: Coverage, policyFields: readonly SubField[], now: Date): Coverage {
  const resolve = (segments: readonly Segment[]) =>
    segments.map((s) => ({ ...s, data: { ...s.data, ...primaryInsuredOf(s.data, policyFields, now) } }));
  return {
    ...coverage,
    segments: resolve(coverage.segments),
    cancellation: coverage.cancellation
      ? { ...coverage.cancellation, restore: resolve(coverage.cancellation.restore) }
      : null,
  };
}
