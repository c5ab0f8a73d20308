import type { SubField } from "../../../worker/domain/configuration/document";
import type { FieldKind } from "../../../worker/domain/configuration/field-kinds";
import { planWrite, type WriteInput, type WritePlan } from "../../../worker/domain/entities/write-plan";

/** Builders for direct tests of `planWrite`: a field with the defaults a configuration import gives. */

export const NOW = new Date("2025-03-10T15:00:00Z");

export function field(referenceId: string, kind: FieldKind, extra: Partial<SubField> = {}): SubField {
  return {
    referenceId,
    label: referenceId,
    description: null,
    typeInfo: { kind },
    required: false,
    readOnly: false,
    writePermission: null,
    computedDefault: null,
    generatedAt: null,
    ...extra,
  };
}

export const sequence = (referenceId: string, generatedAt: "create" | "bind" | null = "create") =>
  field(referenceId, "Sequence", { typeInfo: { kind: "Sequence", prefix: "P-", padding: 4 }, generatedAt });

export const calculated = (referenceId: string, expression: string) =>
  field(referenceId, "Calculated", { typeInfo: { kind: "Calculated", expression } });

/** Plans a write for a `person` created by a caller who holds every write group, unless told otherwise. */
export function plan(input: Partial<WriteInput> & Pick<WriteInput, "body">): WritePlan {
  return planWrite({
    entityType: "person",
    fields: [],
    optionSets: [],
    existing: null,
    holdsWriteGroup: () => true,
    now: NOW,
    ...input,
  });
}
