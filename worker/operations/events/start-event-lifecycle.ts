import { initialHistory, lifecycleFields } from "../../domain/events/open-close-history";
import type { Enricher } from "../entities/record-writes";

/**
 * A new event starts open unless the create says `closed`, with its opening logged on the creation day
 * (and its close, when created closed) and the lifecycle dates derived from that log (CONTRACT section 4).
 * Updates never touch the log: only close, reopen and the history replacement do.
 */
export const startEventLifecycle: Enricher = async ({ context, recordType, data, existing }) => {
  if (recordType.kind !== "entity" || recordType.type !== "event" || existing) return data;
  const status = data.eventStatus === "closed" ? "closed" : "open";
  return { ...data, ...lifecycleFields(initialHistory(status, context.now)) };
};
