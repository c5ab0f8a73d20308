import type { ConfigurationDocument } from "../domain/configuration/document";
import type { RecordType } from "./entity-writes";
import { PRESENTERS } from "./presenters";

/** A read-time view of stored values (for example legacy addresses shown in the AddressV2 shape). */
export type Presenter = (
  configuration: ConfigurationDocument,
  recordType: RecordType,
  data: Record<string, unknown>,
) => Record<string, unknown>;

export function presentRecord(
  configuration: ConfigurationDocument,
  recordType: RecordType,
  data: Record<string, unknown>,
): Record<string, unknown> {
  return PRESENTERS.reduce((out, present) => present(configuration, recordType, out), data);
}
