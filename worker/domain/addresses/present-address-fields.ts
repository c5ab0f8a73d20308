import { isRecord } from "../../lib/json";
import type { SubField } from "../configuration/document";
import type { Presenter } from "../entities/present-record";
import { addressV2View } from "./address-v2";

type Values = Record<string, unknown>;

function presentValues(fields: readonly SubField[], data: Values): Values {
  let out = data;
  for (const field of fields) {
    if (field.typeInfo.kind !== "Object: AddressV2") continue;
    const view = addressV2View(data[field.referenceId]);
    if (view !== data[field.referenceId]) out = { ...out, [field.referenceId]: view };
  }
  return out;
}

/**
 * Reads show every AddressV2-configured field in the AddressV2 shape, including values stored in the
 * flat legacy shape before the field moved from `Object: Address` (interface, "AddressV2 and Address"),
 * in the record's own fields and in embedded exposures. Stored rows are not rewritten: the conversion
 * happens on each read.
 */
export const presentAddressFields: Presenter = (_configuration, recordType, data) => {
  const out = presentValues(recordType.fields, data);
  const embeddedFields = recordType.embeddedExposureFields;
  if (!embeddedFields || !Array.isArray(out.exposures)) return out;
  return {
    ...out,
    exposures: out.exposures.map((item) => (isRecord(item) ? presentValues(embeddedFields, item) : item)),
  };
};
