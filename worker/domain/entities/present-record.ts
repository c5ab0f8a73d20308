import { presentAddressFields } from "../addresses/present-address-fields";
import type { ConfigurationDocument } from "../configuration/document";
import type { RecordType } from "./record-type";

/** A read-time view of stored values (for example legacy addresses shown in the AddressV2 shape). */
export type Presenter = (
  configuration: ConfigurationDocument,
  recordType: RecordType,
  data: Record<string, unknown>,
) => Record<string, unknown>;

/** Read-time views of stored values, in the order they run: AddressV2 fields shown in the V2 shape. */
const PRESENTERS: readonly Presenter[] = [presentAddressFields];

/** A stored record's values as every read shows them. */
export function presentRecord(
  configuration: ConfigurationDocument,
  recordType: RecordType,
  data: Record<string, unknown>,
): Record<string, unknown> {
  return PRESENTERS.reduce((out, present) => present(configuration, recordType, out), data);
}
