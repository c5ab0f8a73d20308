import { fieldWriteGroupPermission } from "../../domain/access/permissions";
import type { ConfigurationDocument } from "../../domain/configuration/document";
import type { RecordType } from "../../domain/entities/record-type";
import { planWrite } from "../../domain/entities/write-plan";
import { refusalError } from "../../errors/entity-refusals";
import type { JsonObject } from "../../lib/json";
import { holds, type OperationContext } from "../context";

/**
 * Throws the 403 `field-write-permission-required` a body earns, before a refusal its owner checks outside
 * the write plan (quote and submission lifecycle fields): the checks run 403, then 409, then 400 (CONTRACT
 * 5.2). The rule is the write plan's own; only its first check is asked here.
 */
export function refuseLockedFields(
  ctx: OperationContext,
  recordType: RecordType,
  configuration: ConfigurationDocument,
  body: JsonObject,
  existing: JsonObject | null = null,
) {
  const writeGroupEntity = recordType.kind === "entity" ? recordType.type : "custom-object";
  const result = planWrite({
    entityType: recordType.type,
    fields: recordType.fields,
    optionSets: configuration.optionSets,
    // Embedded exposures' locked fields too, compared with the stored ones (`existing`) like the save does.
    ...(recordType.embeddedExposureFields ? { embeddedExposureFields: recordType.embeddedExposureFields } : {}),
    existing,
    body,
    holdsWriteGroup: (group) => holds(ctx.actor, fieldWriteGroupPermission(writeGroupEntity, group)),
    holdsExposureWriteGroup: (group) => holds(ctx.actor, fieldWriteGroupPermission("exposure", group)),
    now: ctx.now,
  });
  if (!result.ok && result.refusal.kind === "write-group") throw refusalError(result.refusal);
}
