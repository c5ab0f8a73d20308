import { fieldWriteGroupPermission } from "../../domain/access/permissions";
import type { ConfigurationDocument } from "../../domain/configuration/document";
import type { RecordType } from "../../domain/entities/record-type";
import { planWrite } from "../../domain/entities/write-plan";
import { refusalError } from "../../errors/entity-refusals";
import type { JsonObject } from "../../lib/json";
import { holds, type OperationContext } from "../context";

/**
 * The interface's write rules for `body` over `existing` (null: a create), with the caller's field write groups
 * on the record and on its embedded exposures: what every record save plans, and what the 403 pre-check asks.
 */
export function callerWritePlan(
  ctx: OperationContext,
  recordType: RecordType,
  configuration: ConfigurationDocument,
  body: JsonObject,
  existing: JsonObject | null,
) {
  const writeGroupEntity = recordType.kind === "entity" ? recordType.type : "custom-object";
  return planWrite({
    entityType: recordType.type,
    fields: recordType.fields,
    optionSets: configuration.optionSets,
    ...(recordType.embeddedExposureFields ? { embeddedExposureFields: recordType.embeddedExposureFields } : {}),
    existing,
    body,
    holdsWriteGroup: (group) => holds(ctx.actor, fieldWriteGroupPermission(writeGroupEntity, group)),
    holdsExposureWriteGroup: (group) => holds(ctx.actor, fieldWriteGroupPermission("exposure", group)),
    now: ctx.now,
  });
}

/**
 * Throws the 403 `field-write-permission-required` a body earns, before a refusal its owner checks outside
 * the write plan (quote and submission lifecycle fields): the checks run 403, then 409, then 400 (CONTRACT
 * 5.2). The rule is the write plan's own; only its first check is asked here. Embedded exposures' locked
 * fields count too, compared with the stored ones (`existing`) as the save compares them.
 */
export function refuseLockedFields(
  ctx: OperationContext,
  recordType: RecordType,
  configuration: ConfigurationDocument,
  body: JsonObject,
  existing: JsonObject | null = null,
) {
  const result = callerWritePlan(ctx, recordType, configuration, body, existing);
  if (!result.ok && result.refusal.kind === "write-group") throw refusalError(result.refusal);
}
