import { listCompanyKeys } from "../../db/queries/api-keys";
import { requireCompany } from "../company/require-company";
import type { OperationContext } from "../context";

/** Names, grants and revocation times of a company's keys; never the keys, which are stored as hashes. */
export async function listApiKeys(ctx: OperationContext) {
  await requireCompany(ctx);
  return { items: await listCompanyKeys(ctx.db, ctx.companyId) };
}
