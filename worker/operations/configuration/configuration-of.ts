import { loadConfiguration, type StoredConfiguration } from "../../db/queries/configuration";
import type { OperationContext } from "../context";
import type { KeptPolicy } from "../policies/kept-policies";

/**
 * What the company object keeps between its operations (issue 16, lever 3): the configuration, which only
 * operations it runs can change (import, reset); it forgets it after each of those. And the policies it
 * last transacted on.
 */
export interface CompanyMemo {
  configuration?: StoredConfiguration;
  /** Policies by id, most recently used last (`worker/operations/policies/kept-policies.ts`). */
  policies?: Map<string, KeptPolicy>;
}

/**
 * The company's configuration: from the object's memory when the operation runs there and has read it since
 * the last change (no D1 round trip), else from D1. Each caller gets its own copy, so no operation can change
 * what the next one reads.
 */
export async function configurationOf(ctx: OperationContext): Promise<StoredConfiguration> {
  const memo = ctx.memo;
  if (!memo) return loadConfiguration(ctx.db, ctx.companyId);
  memo.configuration ??= await loadConfiguration(ctx.db, ctx.companyId);
  return structuredClone(memo.configuration);
}
