import {
  type EntityRow,
  findEntity,
  insertEntity,
  insertEntityWrite,
  updateEntityStatement,
} from "../../db/queries/entities";
import type { ConfigurationDocument } from "../../domain/configuration/document";
import { eventNameOf } from "../../domain/events/event-name";
import { lifecycleFields, storedHistory } from "../../domain/events/open-close-history";
import { notFound } from "../../errors/api-error";
import { type JsonObject, sameJson } from "../../lib/json";
import { finished, lostRace, withVersionRetry } from "../../lib/version-retry";
import { runClaimingBatch, type SequenceClaims } from "../company/owned-sequences";
import type { OperationContext } from "../context";
import { loadEventNameParts } from "./event-name-parts";

/** What an event write needs of its context (a rename after a link change acts as the platform). */
export type EventWriteContext = Pick<OperationContext, "db" | "companyId" | "now" | "actor">;

/** The values one write gives the event, before its derived members are recomputed. */
export interface EventChange {
  values: JsonObject;
  /** A create or PATCH then finishes like every record save: calculated fields, then sequence numbers. */
  finish?: (derived: JsonObject) => Promise<JsonObject>;
}

interface EventWriteBase {
  eventId: string;
  configuration: ConfigurationDocument;
  /** A rename after a link change writes only when a derived member moved; every other write always writes. */
  onlyWhenChanged?: boolean;
}

/** A create computes the event's first values; any other write changes the stored ones (an absent event is 404). */
export type EventWrite = EventWriteBase &
  (
    | {
        creates: true;
        change(): Promise<EventChange>;
        /** The counters the create's values took, claimed in its insert's batch (`owned-sequences.ts`). */
        claims: SequenceClaims;
      }
    | { creates?: false; change(stored: EntityRow): Promise<EventChange> }
  );

/**
 * The members an event's values imply, recomputed on every write: status and lifecycle dates from its
 * open/close log (CONTRACT section 4; a row without a log keeps what it has), then `eventName` from its
 * values and links (`userSetEventName` while set).
 */
async function deriveEventValues(ctx: EventWriteContext, write: EventWrite, values: JsonObject): Promise<JsonObject> {
  const log = values.eventOpenCloseHistory;
  const withLifecycle = Array.isArray(log) ? { ...values, ...lifecycleFields(storedHistory(log)) } : values;
  const parts = await loadEventNameParts(ctx.db, write.configuration, ctx.companyId, write.eventId, withLifecycle);
  return { ...withLifecycle, eventName: eventNameOf(write.eventId, withLifecycle.userSetEventName, parts) };
}

async function changeOf(ctx: EventWriteContext, write: EventWrite) {
  if (write.creates) return { stored: null, change: await write.change() };
  const stored = await findEntity(ctx.db, ctx.companyId, "event", write.eventId);
  if (!stored) throw notFound();
  return { stored, change: await write.change(stored) };
}

/**
 * Serialized in the company object. The one write of an event row (issue 8, item 5): create and PATCH
 * through the entity routes, close, reopen, the history replacement and the rename after a link change
 * all come here, so the derived members are recomputed once, from the values the write leaves. An
 * update is guarded by the row's version and recomputed when another writer won (a backstop: the
 * company object's queue already keeps a company's event writes apart).
 */
export function writeEvent(ctx: EventWriteContext, write: EventWrite): Promise<EntityRow> {
  return withVersionRetry(async () => {
    const { stored, change } = await changeOf(ctx, write);
    const derived = await deriveEventValues(ctx, write, change.values);
    const data = change.finish ? await change.finish(derived) : derived;
    const now = ctx.now.toISOString();
    if (!stored) {
      const row: EntityRow = {
        id: write.eventId,
        companyId: ctx.companyId,
        kind: "entity",
        entityType: "event",
        data,
        version: 1,
        createdAt: now,
        updatedAt: now,
        createdBy: ctx.actor.keyId,
      };
      if (write.creates) await runClaimingBatch(ctx, write.claims, [insertEntityWrite(ctx.db, row)]);
      else await insertEntity(ctx.db, row);
      return finished(row);
    }
    if (write.onlyWhenChanged && sameJson(data, stored.data)) return finished(stored);
    const update = { id: stored.id, companyId: stored.companyId, data, updatedAt: now };
    const written = await updateEntityStatement(ctx.db, update, stored.version);
    return written.length ? finished({ ...stored, data, updatedAt: now, version: stored.version + 1 }) : lostRace;
  }, "event");
}

/** The status and log an event row holds (as its stored log says). */
export function lifecycleOf(row: EntityRow) {
  const { eventStatus, eventOpenCloseHistory } = lifecycleFields(storedHistory(row.data.eventOpenCloseHistory));
  return { eventId: row.id, eventStatus, eventOpenCloseHistory: [...eventOpenCloseHistory] };
}
