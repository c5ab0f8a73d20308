import { hashApiKey, insertApiKey, mintApiKey } from "../../db/queries/api-keys";
import { requireCompany } from "../company/require-company";
import type { OperationContext } from "../context";

export interface NewApiKey {
  name: string;
  roles: string[];
  permissions: string[];
}

/** Staff creation of a key; the raw key is answered once and only its hash is stored (CONTRACT section 1). */
export async function createApiKey(ctx: OperationContext, input: NewApiKey) {
  await requireCompany(ctx);
  const key = mintApiKey();
  const record = { id: crypto.randomUUID(), companyId: ctx.companyId, ...input };
  await insertApiKey(ctx.db, { ...record, keyHash: await hashApiKey(key) }, ctx.now);
  return { id: record.id, key, name: record.name, roles: record.roles, permissions: record.permissions };
}
