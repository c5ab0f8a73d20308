import { type EntityRow, findEntity, insertEntity, updateEntityStatement } from "../../db/queries/entities";
import type { ConfigurationDocument } from "../../domain/configuration/document";
import type { RecordType } from "../../domain/entities/record-type";
import { notFound } from "../../errors/api-error";
import type { JsonObject } from "../../lib/json";
import { finished, lostRace, withVersionRetry } from "../../lib/version-retry";
import type { OperationContext } from "../context";
import { finishValues, planValues } from "./write-pipeline/plan-values";

/**
 * Saves of records of every type but the event (whose rows change only through `writeEvent`): entity
 * types and custom object types share the write pipeline.
 */
export interface SaveInput {
  recordType: RecordType;
  configuration: ConfigurationDocument;
  body: JsonObject;
}

/** A new record: the write pipeline, then one insert. */
export async function insertRecord(ctx: OperationContext, input: SaveInput): Promise<EntityRow> {
  const { recordType } = input;
  const planned = await planValues(ctx, { ...input, existing: null });
  const data = await finishValues(ctx, recordType, planned.data, planned);
  const now = ctx.now.toISOString();
  const row: EntityRow = {
    id: crypto.randomUUID(),
    companyId: ctx.companyId,
    kind: recordType.kind,
    entityType: recordType.type,
    data,
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: ctx.actor.keyId,
  };
  await insertEntity(ctx.db, row);
  return row;
}

/**
 * A partial update: the write pipeline over the stored values, written under the row's version guard
 * (re-read and recomputed when a concurrent update won). A record of another type, or of another kind
 * when the record type is a custom object type, is 404.
 */
export function updateRecordValues(
  ctx: OperationContext,
  input: SaveInput & {
    id: string /** The caller's own body checks, once the record is known (404 first). */;
    checkBody?: () => void;
  },
): Promise<EntityRow> {
  const { recordType, id } = input;
  return withVersionRetry(async () => {
    const existing = await findEntity(ctx.db, ctx.companyId, recordType.type, id);
    if (!existing || (recordType.kind === "customObject" && existing.kind !== "customObject")) throw notFound();
    input.checkBody?.();
    const planned = await planValues(ctx, { ...input, existing: existing.data });
    const data = await finishValues(ctx, recordType, planned.data, planned);
    const updatedAt = ctx.now.toISOString();
    const written = await updateEntityStatement(
      ctx.db,
      { id, companyId: existing.companyId, data, updatedAt },
      existing.version,
    );
    return written.length ? finished({ ...existing, data, updatedAt, version: existing.version + 1 }) : lostRace;
  });
}
