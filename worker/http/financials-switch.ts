import type { Context, MiddlewareHandler } from "hono";
import { database } from "../db/client";
import { findCompany } from "../db/queries/companies";
import { notFound } from "../errors/api-error";
import { policyFinancialsDisabled } from "../errors/financial-refusals";
import type { AppEnv } from "./context";
import { companyIdOf } from "./route";

/**
 * The company's feature switches as this call sees them. An API key's call reads the switches the key was
 * verified with (`worker/http/key-cache.ts`: at most 1 s old, and fresh at once in the isolate that changed
 * them), so it costs no round trip; a staff call reads the company.
 */
async function switchesOf(c: Context<AppEnv>): Promise<Record<string, boolean> | undefined> {
  return c.get("features") ?? (await findCompany(database(c.env.DB), companyIdOf(c)))?.features;
}

/**
 * The `financials` feature switch (CONTRACT section 7.1): while it is off, every `P/financials/...` route
 * answers 404 `Not found`. Runs after authentication and company scoping, before the route's permission;
 * the data is kept and shows again when the switch is back on.
 */
export const financialsSwitch: MiddlewareHandler<AppEnv> = async (c, next) => {
  if ((await switchesOf(c))?.financials === false) {
    c.set("featureSwitchedOff", true);
    throw notFound();
  }
  await next();
};

/**
 * The `policyFinancials` switch on the invoice batch route (CONTRACT 7.1 and 7.7, "403 gate and permissions"):
 * while it is off the route answers 403 `Policy financials are not enabled for this company` whoever asks, so
 * before the route's permission, as a policy transaction or bind carrying a plan does. `financials` off has
 * answered 404 before this runs. The operation checks the switch again in the company object, so a change the
 * key's switches do not show yet still refuses.
 */
export async function requirePolicyFinancialsSwitch(c: Context<AppEnv>): Promise<void> {
  if ((await switchesOf(c))?.policyFinancials === false) throw policyFinancialsDisabled();
}
