import { nextSequenceValue } from "../../../db/queries/entities";
import { fieldWriteGroupPermission } from "../../../domain/access/permissions";
import type { ConfigurationDocument, SubField } from "../../../domain/configuration/document";
import type { RecordType } from "../../../domain/entities/record-type";
import { applyCalculatedFields, planWrite } from "../../../domain/entities/write-plan";
import { refusalError } from "../../../errors/entity-refusals";
import type { JsonObject } from "../../../lib/json";
import { holds, type OperationContext } from "../../context";
import { geocodeAddressFields } from "./address-geocoding";
import { arbitrateOfacScreenings } from "./ofac-screening";
import type { WriteStep } from "./write-step";

/** Run after validation, in this order; an event's derived values come after them (`writeEvent`). */
const WRITE_STEPS: readonly WriteStep[] = [geocodeAddressFields, arbitrateOfacScreenings];

export interface PlanInput {
  recordType: RecordType;
  configuration: ConfigurationDocument;
  body: JsonObject;
  /** Stored values on update; null on create. */
  existing: JsonObject | null;
}

export interface PlannedValues {
  data: JsonObject;
  /** Sequence fields a create fills once the values are final (see `finishValues`). */
  sequencesToMint: SubField[];
}

/**
 * The first half of every record save: the interface's write rules (`planWrite`: write groups, guarded
 * and generated fields, value checks, refused as the documented ApiError) and then the pipeline steps.
 * Derived values that depend on these (an event's name and lifecycle dates) come next, then `finishValues`.
 */
export async function planValues(ctx: OperationContext, input: PlanInput): Promise<PlannedValues> {
  const { recordType, configuration, existing } = input;
  const writeGroupEntity = recordType.kind === "entity" ? recordType.type : "custom-object";
  const result = planWrite({
    entityType: recordType.type,
    fields: recordType.fields,
    optionSets: configuration.optionSets,
    ...(recordType.embeddedExposureFields ? { embeddedExposureFields: recordType.embeddedExposureFields } : {}),
    existing,
    body: input.body,
    holdsWriteGroup: (group) => holds(ctx.actor, fieldWriteGroupPermission(writeGroupEntity, group)),
    now: ctx.now,
  });
  if (!result.ok) throw refusalError(result.refusal);
  let data = result.data;
  for (const step of WRITE_STEPS) data = await step({ ctx, recordType, configuration, data, existing });
  return { data, sequencesToMint: result.sequencesToMint };
}

/** The last half of every record save: calculated fields from the final values, then new sequence numbers. */
export async function finishValues(
  ctx: OperationContext,
  recordType: RecordType,
  data: JsonObject,
  sequencesToMint: readonly SubField[],
): Promise<JsonObject> {
  const out = applyCalculatedFields(recordType.fields, data, ctx.now);
  for (const field of sequencesToMint) {
    const value = await nextSequenceValue(ctx.db, ctx.companyId, `${recordType.type}.${field.referenceId}`);
    out[field.referenceId] =
      `${field.typeInfo.prefix ?? ""}${String(value).padStart(field.typeInfo.padding ?? 0, "0")}`;
  }
  return out;
}
