import type { OperationContext } from "../context";
import { requireCompany } from "./require-company";

/** `GET P/lifecycle` (CONTRACT section 4, "Lifecycle values"). */
export async function readLifecycle(ctx: OperationContext) {
  const company = await requireCompany(ctx);
  return { companyId: company.id, lifecycle: company.lifecycle };
}
