import type { Env } from "./env";

/** The typed RPC stub of a company's Durable Object (one object per company id). */
export function companyObject(env: Env, companyId: string) {
  return env.COMPANY.get(env.COMPANY.idFromName(companyId));
}
