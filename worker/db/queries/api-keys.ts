import { and, eq, isNull } from "drizzle-orm";
import { sha256OfText } from "../../lib/sha256";
import type { Database } from "../client";
import { apiKeys, companies } from "../schema";

/** SHA-256 hex of a raw key: the only form in which keys are stored or looked up. */
export const hashApiKey = (rawKey: string): Promise<string> => sha256OfText(rawKey);

/** Raw keys: a recognisable prefix plus 32 random bytes. */
export function mintApiKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const body = btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replaceAll("=", "");
  return `iop_${body}`;
}

/**
 * The key with its company's lifecycle and budget (one read), for the lifecycle access rule every route
 * applies; authentication keeps what it reads for at most a second (`VerifiedKeyCache`).
 */
export async function findActiveKeyByHash(db: Database, keyHash: string) {
  const rows = await db
    .select({
      id: apiKeys.id,
      companyId: apiKeys.companyId,
      roles: apiKeys.roles,
      permissions: apiKeys.permissions,
      lifecycle: companies.lifecycle,
      features: companies.features,
      rateLimit: companies.rateLimit,
    })
    .from(apiKeys)
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertApiKey(
  db: Database,
  key: { id: string; companyId: string; name: string; keyHash: string; roles: string[]; permissions: string[] },
  now: Date,
) {
  await db.insert(apiKeys).values({ ...key, createdAt: now.toISOString() });
}

export async function listCompanyKeys(db: Database, companyId: string) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      roles: apiKeys.roles,
      permissions: apiKeys.permissions,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.companyId, companyId));
}

/** Returns false when the key does not exist under that company or was already revoked. */
export async function revokeApiKey(db: Database, companyId: string, keyId: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: now.toISOString() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}
