import type { Enricher } from "../entities/record-writes";
import { currentEventName } from "./refresh-event-name";

/**
 * `eventName` is recomputed on every save of an event from its linked exposures and claimant;
 * `userSetEventName` wins while set, and a sent `eventName` was already ignored by the write plan.
 * It runs inside the same write, so a stored event never carries a stale name.
 */
export const deriveEventName: Enricher = async ({ context, recordType, recordId, data, configuration }) => {
  if (recordType.kind !== "entity" || recordType.type !== "event") return data;
  return {
    ...data,
    eventName: await currentEventName(context.db, configuration, context.caller.companyId, recordId, data),
  };
};
