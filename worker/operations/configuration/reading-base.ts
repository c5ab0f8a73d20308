import { usedMemberNames } from "../../db/queries/financial-members";
import type { OperationContext } from "../context";
import { configurationOf } from "./configuration-of";

/**
 * What a document is read against, as an import reads it: the stored configuration and the financial
 * members data uses (so validate and compare refuse what import refuses, `immutable-financial-member`).
 */
export async function readingBase(ctx: OperationContext) {
  const [stored, usage] = await Promise.all([configurationOf(ctx), usedMemberNames(ctx.db, ctx.companyId)]);
  return { stored, usage };
}
