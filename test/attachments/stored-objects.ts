import { env } from "cloudflare:workers";

/** The company's objects in the FILES bucket (real local R2), by key. */
export async function storedObjectKeys(companyId: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ prefix: `files/${companyId}/`, cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

/** Rows of one of the section's tables for a company, read straight from D1. */
export async function rowCount(table: string, companyId: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE company_id = ?`)
    .bind(companyId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
