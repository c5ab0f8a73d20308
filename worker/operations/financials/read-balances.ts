import { readScopeBalances } from "../../db/queries/ledger";
import { type Balances, balancesView } from "../../domain/financials/balances";
import { displayedCategories } from "../../domain/financials/catalog";
import type { OperationContext } from "../context";
import { loadFinancialSetup } from "./financial-setup";

export type BalanceEntityType = "event" | "policy" | "payee";

/**
 * Balances from the running balances of one scope (CONTRACT section 7.4): reads as many rows as the company
 * has accounts, however long its journal. `GET P/financials/entities/{entityType}/{entityId}/balances`
 * answers 200 empty for ids nothing posted to; `GET P/financials/balances` reads the company scope.
 */
export async function readBalances(
  ctx: OperationContext,
  scope: { entityType: BalanceEntityType; entityId: string } | "company",
): Promise<Balances> {
  const [{ catalog }, balances] = await Promise.all([
    loadFinancialSetup(ctx),
    scope === "company"
      ? readScopeBalances(ctx.db, ctx.companyId, "company", "")
      : readScopeBalances(ctx.db, ctx.companyId, scope.entityType, scope.entityId),
  ]);
  const display = {
    categories: displayedCategories(catalog),
    lineItemTypeOrder: catalog.lineItemTypes.map((t) => t.id),
  };
  return balancesView(display, balances, scope === "company" ? "exists" : "nonzero");
}
