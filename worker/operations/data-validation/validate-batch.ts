import { readRecordsPage } from "../../db/queries/data-validation-records";
import type { DataValidationFinding } from "../../domain/data-validation/record-finding";
import { validateRecords } from "../../domain/data-validation/validate-records";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { requireTarget, requireViewPermissions } from "./require-targets";

export interface BatchRequest {
  entityType: string;
  limit: number;
  offset: number;
}

/** Validates one window of a type's stored records, oldest first, synchronously; nothing is written. */
export async function validateBatch(
  ctx: OperationContext,
  request: BatchRequest,
): Promise<{ items: DataValidationFinding[]; totalCount: number }> {
  const configuration = (await configurationOf(ctx)).document;
  const target = requireTarget(configuration, { field: "entityType", entityType: request.entityType });
  requireViewPermissions(ctx.actor, [target]);
  const { records, totalCount } = await readRecordsPage(ctx.db, ctx.companyId, target.entityType, request);
  return { items: validateRecords(configuration, target, records), totalCount };
}
