import type { EntityRow } from "../../db/queries/entities";
import type { ConfigurationDocument, CustomObject } from "../../domain/configuration/document";
import { displayNameOf } from "../../domain/entities/display-name";
import { presentRecord } from "../../domain/entities/present-record";
import { customObjectRecordType } from "../../domain/entities/record-type";

/** A custom object record as every read and update answers it. */
export interface CustomObjectView {
  id: string;
  objectType: string;
  data: Record<string, unknown>;
  displayName: string | null;
  createdAt: string;
  updatedAt: string;
}

export function customObjectView(
  configuration: ConfigurationDocument,
  customObject: CustomObject,
  row: EntityRow,
  now: Date,
): CustomObjectView {
  const data = presentRecord(configuration, customObjectRecordType(customObject), row.data);
  return {
    id: row.id,
    objectType: customObject.key,
    data,
    displayName: displayNameOf(customObject, data, now),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
