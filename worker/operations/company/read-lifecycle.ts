import type { Lifecycle } from "../../domain/company/lifecycle";
import type { OperationContext } from "../context";
import { requireCompany } from "./require-company";

/**
 * `GET P/lifecycle` (CONTRACT section 4, "Lifecycle values"): the lifecycle the call was authorized under,
 * read with its API key (at most 1 s old, the bound of every other authorization decision: README, "Round
 * trips on the critical path"), so the answer needs no second read; without one, the company row.
 */
export async function readLifecycle(ctx: OperationContext, authorizedUnder: Lifecycle | undefined) {
  if (authorizedUnder) return { companyId: ctx.companyId, lifecycle: authorizedUnder };
  const company = await requireCompany(ctx);
  return { companyId: company.id, lifecycle: company.lifecycle };
}
