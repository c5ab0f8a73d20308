import { entityRecordType } from "../../domain/entities/record-type";
import { initialHistory } from "../../domain/events/open-close-history";
import type { JsonObject } from "../../lib/json";
import { withSequenceClaims } from "../company/owned-sequences";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { finishValues, planValues } from "../entities/write-pipeline/plan-values";
import { writeEvent } from "./write-event";

export interface CreateEventInput {
  body: JsonObject;
}

/**
 * Serialized in the company object. Creates an event through the record write pipeline. It starts open
 * unless the create says `closed`, its opening logged on the creation day in New York (and its close,
 * when created closed); `writeEvent` derives the lifecycle dates and the name from that (CONTRACT
 * section 4). Its Sequence fields are claimed in its insert's batch where the object knows their counters.
 */
export function createEvent(ctx: OperationContext, input: CreateEventInput): Promise<{ id: string }> {
  return withSequenceClaims(ctx, async (claims) => {
    const configuration = (await configurationOf(ctx)).document;
    const recordType = entityRecordType(configuration, "event");
    const eventId = crypto.randomUUID();
    await writeEvent(ctx, {
      eventId,
      configuration,
      creates: true,
      claims,
      async change() {
        const planned = await planValues(ctx, { recordType, configuration, body: input.body, existing: null });
        const status = planned.data.eventStatus === "closed" ? "closed" : "open";
        return {
          values: { ...planned.data, eventOpenCloseHistory: initialHistory(status, ctx.now) },
          finish: (derived) => finishValues(ctx, recordType, derived, planned, claims),
        };
      },
    });
    return { id: eventId };
  });
}
