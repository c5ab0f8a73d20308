import type { EntityRow } from "../../db/queries/entities";
import type { ConfigurationDocument } from "../../domain/configuration/document";
import { presentRecord } from "../../domain/entities/present-record";
import type { RecordType } from "../../domain/entities/record-type";

/** An entity record as every read and update answers it. */
export interface EntityView {
  id: string;
  entityType: string;
  data: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** The stored record with its values as reads show them (`presentRecord`). */
export function entityView(configuration: ConfigurationDocument, recordType: RecordType, row: EntityRow): EntityView {
  return {
    id: row.id,
    entityType: row.entityType,
    data: presentRecord(configuration, recordType, row.data),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
