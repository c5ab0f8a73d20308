import type { Database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import {
  type EntityRow,
  findEntity,
  insertEntityStatement,
  nextSequenceValue,
  updateEntityStatement,
} from "../../db/queries/entities";
import { fieldWriteGroupPermission } from "../../domain/access/permissions";
import type { ConfigurationDocument, SubField } from "../../domain/configuration/document";
import type { RecordType } from "../../domain/entities/record-type";
import { applyCalculatedFields, planWrite } from "../../domain/entities/write-plan";
import type { Env } from "../../env";
import { ApiError, notFound } from "../../errors/api-error";
import { refusalError } from "../../errors/entity-refusals";
import type { KeyCaller } from "../../http/route";
import { ENRICHERS } from "./write-pipeline/steps";

export interface WriteContext {
  env: Env;
  db: Database;
  caller: KeyCaller;
  now: Date;
}

/**
 * A step that adds platform-derived values after validation and before the write (geocoding, OFAC
 * arbitration, derived event names). Enrichers never refuse a write.
 */
export type Enricher = (args: {
  context: WriteContext;
  recordType: RecordType;
  /** The record's id; on create it is minted before planning, so derivations may use it. */
  recordId: string;
  data: Record<string, unknown>;
  existing: Record<string, unknown> | null;
  configuration: ConfigurationDocument;
}) => Promise<Record<string, unknown>>;

async function plan(
  context: WriteContext,
  recordType: RecordType,
  recordId: string,
  configuration: ConfigurationDocument,
  body: Record<string, unknown>,
  existing: Record<string, unknown> | null,
) {
  const writeGroupEntity = recordType.kind === "entity" ? recordType.type : "custom-object";
  const result = planWrite({
    entityType: recordType.type,
    fields: recordType.fields,
    optionSets: configuration.optionSets,
    ...(recordType.embeddedExposureFields ? { embeddedExposureFields: recordType.embeddedExposureFields } : {}),
    existing,
    body,
    holdsWriteGroup: (group) => context.caller.grants.has(fieldWriteGroupPermission(writeGroupEntity, group)),
    now: context.now,
  });
  if (!result.ok) throw refusalError(result.refusal);
  let data = result.data;
  for (const enrich of ENRICHERS) data = await enrich({ context, recordType, recordId, data, existing, configuration });
  return { data: applyCalculatedFields(recordType.fields, data, context.now), sequencesToMint: result.sequencesToMint };
}

async function mintSequences(
  context: WriteContext,
  recordType: RecordType,
  fields: SubField[],
  data: Record<string, unknown>,
) {
  for (const field of fields) {
    const value = await nextSequenceValue(
      context.db,
      context.caller.companyId,
      `${recordType.type}.${field.referenceId}`,
    );
    data[field.referenceId] =
      `${field.typeInfo.prefix ?? ""}${String(value).padStart(field.typeInfo.padding ?? 0, "0")}`;
  }
}

export async function createRecord(
  context: WriteContext,
  recordType: RecordType,
  body: Record<string, unknown>,
  configuration?: ConfigurationDocument,
): Promise<EntityRow> {
  const config = configuration ?? (await loadConfiguration(context.db, context.caller.companyId)).document;
  const id = crypto.randomUUID();
  const { data, sequencesToMint } = await plan(context, recordType, id, config, body, null);
  await mintSequences(context, recordType, sequencesToMint, data);
  const now = context.now.toISOString();
  const row: EntityRow = {
    id,
    companyId: context.caller.companyId,
    kind: recordType.kind,
    entityType: recordType.type,
    data,
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: context.caller.keyId,
  };
  await insertEntityStatement(context.db, row);
  return row;
}

const MAX_ATTEMPTS = 3;

/** Partial update: re-reads and retries when a concurrent update won the version race. */
export async function updateRecord(
  context: WriteContext,
  recordType: RecordType,
  id: string,
  body: Record<string, unknown>,
): Promise<EntityRow> {
  const config = (await loadConfiguration(context.db, context.caller.companyId)).document;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const existing = await findEntity(context.db, context.caller.companyId, recordType.type, id);
    if (!existing) throw notFound();
    const { data } = await plan(context, recordType, id, config, body, existing.data);
    const updatedAt = new Date().toISOString();
    const written = await updateEntityStatement(
      context.db,
      { id, companyId: existing.companyId, data, updatedAt },
      existing.version,
    );
    if (written.length) return { ...existing, data, updatedAt, version: existing.version + 1 };
  }
  throw new ApiError({
    code: "Conflict",
    message: "The record changed while it was being updated; retry the request",
    userMessages: ["Someone else changed this record at the same moment. Please try again."],
  });
}
