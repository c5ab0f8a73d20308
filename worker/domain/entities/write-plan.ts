import { ownValue as own, ownEntry, sameJson } from "../../lib/json";
import type { OptionSet, SubField } from "../configuration/document";
import { defaultsToApply } from "./derived-values";
import { lockedEmbeddedFields, planEmbeddedExposures } from "./embedded-exposure-rules";
import { lockedGroupFields } from "./entry-lists";
import { isMissingValue, readFieldValue, type ValueProblem } from "./field-values";
import { guardedEndpoint, isIgnoredOnWrite, QUOTE_LIFECYCLE_FIELDS } from "./guarded-fields";
import { QUOTE_PLATFORM_FIELDS, readPlatformValue, SUBMISSION_PLATFORM_STAMPS } from "./platform-values";

/** Everything a create or update needs to decide, with no I/O. */
export interface WriteInput {
  entityType: string;
  /** Configured fields of the entity type (or custom object sub-fields). */
  fields: readonly SubField[];
  optionSets: readonly OptionSet[];
  /** Stored values on update; null on create. */
  existing: Record<string, unknown> | null;
  body: Record<string, unknown>;
  /** Exposure fields, for entity types that embed exposures in an `exposures` member (quotes). */
  embeddedExposureFields?: readonly SubField[];
  /** Whether the caller holds the write group `<entity>.field-<group>`. */
  holdsWriteGroup(group: string): boolean;
  /** Whether the caller holds the exposure write group `exposure.field-<group>` (embedded exposures); none if absent. */
  holdsExposureWriteGroup?(group: string): boolean;
  now: Date;
}

/** Why a write is refused, in the order the checks run (403, then 409, then 400). */
export type WriteRefusal =
  | { kind: "write-group"; fields: Array<{ referenceId: string; group: string }> }
  | { kind: "guarded-status"; referenceId: string; endpoint: string }
  | { kind: "generated"; referenceIds: string[] }
  | { kind: "shape"; missing: ValueProblem[]; problems: ValueProblem[] }
  | { kind: "invalid"; problems: ValueProblem[] };

export type WritePlan =
  | { ok: true; data: Record<string, unknown>; sequencesToMint: SubField[] }
  | { ok: false; refusal: WriteRefusal };

const refused = (refusal: WriteRefusal): WritePlan => ({ ok: false, refusal });

/** Members the platform owns on some entity types, beyond configured fields. */
const PLATFORM_MEMBERS: Record<string, readonly string[]> = {
  event: ["eventStatus", "eventName", "userSetEventName", "eventOpenCloseHistory"],
  submission: ["submissionStatus", "submissionType", "submissionName", ...SUBMISSION_PLATFORM_STAMPS],
  quote: [...QUOTE_LIFECYCLE_FIELDS, ...QUOTE_PLATFORM_FIELDS],
};

/** The platform's reading of a declared platform member of events and submissions (quotes' are read as their kind). */
const platformBound = (entityType: string, key: string, value: unknown) =>
  entityType === "quote" ? null : readPlatformValue(entityType, key, value, key);

/**
 * A declared platform member the platform sets itself (derived, minted, or moved only by its endpoints): a
 * declared `required` never asks it of the caller, who could not satisfy it (CONTRACT 4: a configuration may
 * still declare the event platform fields).
 */
function isSetByPlatform(entityType: string, referenceId: string): boolean {
  if (isIgnoredOnWrite(entityType, referenceId) || guardedEndpoint(entityType, referenceId)) return true;
  const stamps: readonly string[] =
    entityType === "quote" ? QUOTE_LIFECYCLE_FIELDS : entityType === "submission" ? SUBMISSION_PLATFORM_STAMPS : [];
  return stamps.includes(referenceId);
}

/** Applies the interface's write rules to a create (`existing` null) or a partial update. */
export function planWrite(input: WriteInput): WritePlan {
  const { entityType, existing, body } = input;
  const fields = new Map(input.fields.map((f) => [f.referenceId, f]));
  const valueContext = { optionSets: new Map(input.optionSets.map((s) => [s.key, s])), now: input.now };
  const platform = ownEntry(PLATFORM_MEMBERS, entityType) ?? [];
  const entries = Object.entries(body).filter(([key]) => key !== "batchId");

  // 403 first: a body naming a locked field is refused whole, whatever the value.
  const locked = entries.flatMap(([key]) => {
    const group = fields.get(key)?.writePermission;
    return group && !input.holdsWriteGroup(group) ? [{ referenceId: key, group }] : [];
  });
  // Inside the Group values it names, an entry may not change a locked sub-field's value (`entry-lists.ts`).
  locked.push(...lockedGroupFields(input.fields, body, existing, input.holdsWriteGroup));
  const embeddedFields = input.embeddedExposureFields;
  const storedExposures = Array.isArray(existing?.exposures) ? existing.exposures : undefined;
  if (embeddedFields && "exposures" in body) {
    const holds = input.holdsExposureWriteGroup ?? (() => false);
    locked.push(...lockedEmbeddedFields(body.exposures, embeddedFields, storedExposures, holds));
  }
  if (locked.length) return refused({ kind: "write-group", fields: locked });

  // 409: guarded status fields change only through their endpoints (create may set eventStatus).
  if (existing) {
    for (const [key, value] of entries) {
      const endpoint = guardedEndpoint(entityType, key);
      if (endpoint && !sameJson(value, own(existing, key)))
        return refused({ kind: "guarded-status", referenceId: key, endpoint });
    }
  } else {
    for (const [key, value] of entries) {
      const endpoint = guardedEndpoint(entityType, key);
      if (endpoint && key !== "eventStatus" && value !== null)
        return refused({ kind: "guarded-status", referenceId: key, endpoint });
    }
  }

  // 400 GeneratedFieldWrite: platform-generated values may be resent unchanged, never originated.
  const generated = entries.filter(
    ([key, value]) =>
      fields.get(key)?.typeInfo.kind === "Sequence" && value !== null && !sameJson(value, own(existing, key)),
  );
  if (generated.length) return refused({ kind: "generated", referenceIds: generated.map(([key]) => key) });

  const problems: ValueProblem[] = [];
  const data: Record<string, unknown> = { ...(existing ?? {}) };
  if (embeddedFields && "exposures" in body) {
    const embedded = planEmbeddedExposures(
      body.exposures,
      embeddedFields,
      input.optionSets,
      storedExposures,
      input.now,
    );
    if (!embedded.ok && embedded.kind === "generated")
      return refused({ kind: "generated", referenceIds: embedded.paths });
    if (!embedded.ok && embedded.kind === "shape")
      return refused({ kind: "shape", missing: embedded.missing, problems: embedded.problems });
    if (!embedded.ok) problems.push(...embedded.problems);
    else data.exposures = embedded.exposures;
  }
  for (const [key, value] of entries) {
    if (isIgnoredOnWrite(entityType, key) || (input.embeddedExposureFields && key === "exposures")) continue;
    const field = fields.get(key);
    if (!field) {
      const reading = platform.includes(key) ? readPlatformValue(entityType, key, value, key) : null;
      if (platform.includes(key) && !reading) {
        if (!sameJson(value, own(existing, key)))
          problems.push({ path: key, problem: "is set by the platform and cannot be written" });
        continue;
      }
      if (!reading) problems.push({ path: key, problem: "is not a configured field" });
      else if (reading.ok) data[key] = reading.value;
      else problems.push(...reading.problems);
      continue;
    }
    if (field.typeInfo.kind === "Sequence") continue;
    if (field.readOnly && !sameJson(value, own(existing, key))) {
      problems.push({ path: key, problem: "is read-only" });
      continue;
    }
    if (field.readOnly) continue;
    const reading = readFieldValue(field, value, valueContext, key, { stored: own(existing, key) });
    // A declared platform field keeps the platform's own bounds (an event name is at most 1,000 characters).
    const platformReading = reading.ok && platform.includes(key) ? platformBound(entityType, key, reading.value) : null;
    if (platformReading && !platformReading.ok) problems.push(...platformReading.problems);
    else if (reading.ok) data[key] = reading.value;
    else problems.push(...reading.problems);
  }

  // A create's computed defaults run after its sequences are minted (`completeValues`), and are checked then.
  const defaulted = new Set(defaultsToApply(input.fields, body, existing).map((f) => f.referenceId));
  const refusedPaths = new Set(problems.map((p) => p.path));
  for (const field of fields.values()) {
    const missing = isMissingValue(own(data, field.referenceId));
    const generatedLater =
      field.typeInfo.kind === "Sequence" ||
      field.typeInfo.kind === "Calculated" ||
      defaulted.has(field.referenceId) ||
      isSetByPlatform(entityType, field.referenceId);
    const alreadyRefused = refusedPaths.has(field.referenceId);
    const sent = Object.hasOwn(body, field.referenceId);
    if (field.required && missing && !generatedLater && !alreadyRefused && (!existing || sent))
      problems.push({ path: field.referenceId, problem: "is required" });
  }
  if (problems.length) return refused({ kind: "invalid", problems });

  const sequencesToMint = existing
    ? []
    : [...fields.values()].filter(
        (f) => f.typeInfo.kind === "Sequence" && f.generatedAt === "create" && own(data, f.referenceId) == null,
      );
  return { ok: true, data, sequencesToMint };
}
