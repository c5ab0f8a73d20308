import { listTemplates as listStoredTemplates } from "../../db/queries/forms";
import type { OperationContext } from "../context";

/** The company's form templates by number. */
export const listTemplates = (ctx: OperationContext, page: { limit: number; offset: number }) =>
  listStoredTemplates(ctx.db, ctx.companyId, page);
