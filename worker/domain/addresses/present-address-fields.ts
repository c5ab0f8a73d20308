import { isRecord } from "../../lib/json";
import type { SubField } from "../configuration/document";
import type { Presenter } from "../entities/present-record";
import { addressV2View } from "./address-v2";

type Values = Record<string, unknown>;

/** A group's entries with their own AddressV2 sub-fields shown in the V2 shape (groups nest). */
function presentEntries(subFields: readonly SubField[], value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  let changed = false;
  const entries = value.map((entry) => {
    if (!isRecord(entry)) return entry;
    const shown = presentValues(subFields, entry);
    changed ||= shown !== entry;
    return shown;
  });
  return changed ? entries : value;
}

function presentValues(fields: readonly SubField[], data: Values): Values {
  let out = data;
  for (const field of fields) {
    const value = data[field.referenceId];
    const view =
      field.typeInfo.kind === "Object: AddressV2"
        ? addressV2View(value)
        : field.typeInfo.kind === "Group"
          ? presentEntries(field.typeInfo.subFields ?? [], value)
          : value;
    if (view !== value) out = { ...out, [field.referenceId]: view };
  }
  return out;
}

/**
 * Reads show every AddressV2-configured field in the AddressV2 shape, including values stored in the
 * flat legacy shape before the field moved from `Object: Address` (interface, "AddressV2 and Address"),
 * in the record's own fields, inside Group entries (at any depth) and in embedded exposures. Stored rows are not rewritten: the conversion
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
