import { entityRecordType } from "../../domain/entities/record-type";
import type { JsonObject } from "../../lib/json";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { type EntityView, entityView } from "../entities/entity-view";
import { finishValues, planValues } from "../entities/write-pipeline/plan-values";
import { writeEvent } from "./write-event";

export interface UpdateEventInput {
  eventId: string;
  body: JsonObject;
}

/**
 * Serialized in the company object. A partial update of an event through the record write pipeline:
 * only the fields sent change; the log changes only through close, reopen and the history replacement
 * (the write plan refuses it here), and `writeEvent` derives the lifecycle dates and the name again.
 */
export async function updateEvent(ctx: OperationContext, input: UpdateEventInput): Promise<EntityView> {
  const configuration = (await configurationOf(ctx)).document;
  const recordType = entityRecordType(configuration, "event");
  const row = await writeEvent(ctx, {
    eventId: input.eventId,
    configuration,
    async change(stored) {
      const planned = await planValues(ctx, { recordType, configuration, body: input.body, existing: stored.data });
      return { values: planned.data, finish: (derived) => finishValues(ctx, recordType, derived, planned) };
    },
  });
  return entityView(configuration, recordType, row);
}
