import type { RepairOutcome, RepairRequest } from "../../domain/policies/repair";
import { requireCompany } from "../company/require-company";
import type { OperationContext } from "../context";
import { repairFieldValues } from "./repair-field-values";
import { repairJoinHistory } from "./repair-join-history";
import { repairSegmentHashes } from "./repair-segment-hashes";

/**
 * Serialized in the company object, so a repair never interleaves with a policy transaction.
 * `POST P/policies/repair` (platform staff): one repair of a policy's stored data, committed as one
 * guarded D1 batch with its audit receipt, or only planned on a dry run.
 */
export async function repairPolicy(ctx: OperationContext, request: RepairRequest): Promise<RepairOutcome> {
  await requireCompany(ctx);
  switch (request.kind) {
    case "segmentHashes":
      return repairSegmentHashes(ctx, request);
    case "joinHistory":
      return repairJoinHistory(ctx, request);
    case "fieldValues":
      return repairFieldValues(ctx, request);
  }
}
