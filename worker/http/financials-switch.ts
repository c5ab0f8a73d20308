import type { MiddlewareHandler } from "hono";
import { database } from "../db/client";
import { findCompany } from "../db/queries/companies";
import { notFound } from "../errors/api-error";
import type { AppEnv } from "./context";
import { companyIdOf } from "./route";

/**
 * The `financials` feature switch (CONTRACT section 7.1): while it is off, every `P/financials/...` route
 * answers 404 `Not found`. Runs after authentication and company scoping, before the route's permission;
 * the data is kept and shows again when the switch is back on. An API key's call reads the switches the key
 * was verified with (`worker/http/key-cache.ts`: at most 1 s old, and fresh at once in the isolate that
 * changed them), so it costs no round trip; a staff call reads the company.
 */
export const financialsSwitch: MiddlewareHandler<AppEnv> = async (c, next) => {
  const features = c.get("features") ?? (await findCompany(database(c.env.DB), companyIdOf(c)))?.features;
  if (features?.financials === false) {
    c.set("featureSwitchedOff", true);
    throw notFound();
  }
  await next();
};
