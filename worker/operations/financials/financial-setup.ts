import { loadMemberRows } from "../../db/queries/financial-members";
import type { Financials } from "../../domain/configuration/document";
import type { FinancialCatalog } from "../../domain/financials/catalog";
import { catalogOf } from "../../domain/financials/members";
import { policyFinancialsDisabled } from "../../errors/financial-refusals";
import { requireCompany } from "../company/require-company";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { memberRowsOf } from "./kept-ledger";

export interface FinancialSetup {
  catalog: FinancialCatalog;
  financials: Financials;
}

/**
 * The company's financials configuration with the ids of its categories and line item types: in the company
 * object, from what it keeps (no read once it has read them).
 */
export async function loadFinancialSetup(ctx: OperationContext): Promise<FinancialSetup> {
  const [configuration, rows] = await Promise.all([
    configurationOf(ctx),
    memberRowsOf(ctx, () => loadMemberRows(ctx.db, ctx.companyId)),
  ]);
  const { financials } = configuration.document;
  return { catalog: catalogOf(financials, rows), financials };
}

/** Invoice plans need both switches on (CONTRACT section 7.1): else 403, nothing changed. */
export async function requirePolicyFinancials(ctx: OperationContext): Promise<void> {
  const { features } = await requireCompany(ctx);
  if (features.financials === false || features.policyFinancials === false) throw policyFinancialsDisabled();
}
