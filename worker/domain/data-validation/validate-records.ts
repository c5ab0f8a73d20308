import { isRecord } from "../../lib/json";
import type { ConfigurationDocument } from "../configuration/document";
import { presentRecord } from "../entities/present-record";
import type { RecordType } from "../entities/record-type";
import { validatePolicyVersions } from "./policy-finding";
import { type DataValidationFinding, unreadableRecordFinding, validateStoredRecord } from "./record-finding";
import type { ValidationTarget } from "./validation-target";

/**
 * A stored record with its data as stored text: one corrupt row must become a finding, not a failed read.
 * For policies `rawData` is the list of the policy's versions, `[{version, coverage}]`.
 */
export interface StoredRecord {
  id: string;
  createdAt: string;
  rawData: string;
}

function parseStoredData(rawData: string): { ok: true; data: unknown } | { ok: false } {
  try {
    return { ok: true, data: JSON.parse(rawData) };
  } catch {
    return { ok: false };
  }
}

/**
 * Values are validated as the API presents them (read-time views such as legacy addresses shown in
 * the AddressV2 shape), so a supported migration is never reported as a problem.
 */
function presented(configuration: ConfigurationDocument, target: ValidationTarget, data: unknown): unknown {
  if (!isRecord(data)) return data;
  const recordType: RecordType = {
    kind: target.kind === "customObject" ? "customObject" : "entity",
    type: target.entityType,
    fields: target.fields,
    ...(target.embeddedExposureFields ? { embeddedExposureFields: target.embeddedExposureFields } : {}),
  };
  try {
    return presentRecord(configuration, recordType, data);
  } catch {
    // A view that cannot be built from malformed data: validate what is stored.
    return data;
  }
}

/** One finding per record, in the records' order. */
export function validateRecords(
  configuration: ConfigurationDocument,
  target: ValidationTarget,
  records: readonly StoredRecord[],
): DataValidationFinding[] {
  return records.map((record) => {
    const parsed = parseStoredData(record.rawData);
    if (!parsed.ok) return unreadableRecordFinding(target, record.id, "The stored data is not valid JSON");
    if (target.kind === "policy")
      return validatePolicyVersions(
        target,
        record.id,
        parsed.data,
        (data) => presented(configuration, target, data) as Record<string, unknown>,
      );
    return validateStoredRecord(target, record.id, presented(configuration, target, parsed.data));
  });
}
