import { listRules as listStoredRules } from "../../db/queries/forms";
import type { OperationContext } from "../context";

/** Forms-logic rules oldest first; `formNumber` is matched as text (an unknown number lists nothing, never 404). */
export const listRules = (ctx: OperationContext, input: { formNumber?: string; limit: number; offset: number }) =>
  listStoredRules(ctx.db, ctx.companyId, input.formNumber, input);
