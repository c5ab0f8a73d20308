import type { MiddlewareHandler } from "hono";
import { database } from "../db/client";
import { findCompany } from "../db/queries/companies";
import { notFound } from "../errors/api-error";
import type { AppEnv } from "./context";
import { companyIdOf } from "./route";

/**
 * The `financials` feature switch (CONTRACT section 7.1): while it is off, every `P/financials/...` route
 * answers 404 `Not found`. Runs after authentication and company scoping, before the route's permission;
 * the data is kept and shows again when the switch is back on.
 */
export const financialsSwitch: MiddlewareHandler<AppEnv> = async (c, next) => {
  const company = await findCompany(database(c.env.DB), companyIdOf(c));
  if (company?.features.financials === false) {
    c.set("featureSwitchedOff", true);
    throw notFound();
  }
  await next();
};
