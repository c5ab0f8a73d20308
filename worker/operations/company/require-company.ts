import { type CompanyRow, findCompany } from "../../db/queries/companies";
import { allowsDestructiveChanges } from "../../domain/company/lifecycle";
import { notFound } from "../../errors/api-error";
import { lifecycleRefused } from "../../errors/company-refusals";
import type { OperationContext } from "../context";

/** The company the call acts on; 404 when it does not exist. */
export async function requireCompany(ctx: OperationContext): Promise<CompanyRow> {
  const company = await findCompany(ctx.db, ctx.companyId);
  if (!company) throw notFound();
  return company;
}

/** The company, refused with 409 unless it is Sandbox (reset, wipes and forced imports; interface, States). */
export async function requireSandboxCompany(ctx: OperationContext, what: string): Promise<CompanyRow> {
  const company = await requireCompany(ctx);
  if (!allowsDestructiveChanges(company.lifecycle)) {
    throw lifecycleRefused(`${what} is only available to Sandbox companies; this company is ${company.lifecycle}`);
  }
  return company;
}
