import type { ConfigurationDocument } from "../../../domain/configuration/document";
import type { RecordType } from "../../../domain/entities/record-type";
import type { JsonObject } from "../../../lib/json";
import type { OperationContext } from "../../context";

/** What a write pipeline step sees: the validated values and, on update, the stored ones. */
export interface StepInput {
  ctx: OperationContext;
  recordType: RecordType;
  configuration: ConfigurationDocument;
  data: JsonObject;
  existing: JsonObject | null;
}

/**
 * A step that adds platform-derived values after validation and before the write (AddressV2 geocodes,
 * OFAC screening arbitration). Steps never refuse a write.
 */
export type WriteStep = (input: StepInput) => Promise<JsonObject>;
