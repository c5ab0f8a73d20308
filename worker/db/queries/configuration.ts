import { eq, sql } from "drizzle-orm";
import { contentHashOf } from "../../domain/configuration/canonical";
import { type ConfigurationDocument, EMPTY_DOCUMENT } from "../../domain/configuration/document";
import type { Database } from "../client";
import { companyConfigurations } from "../schema";

export interface StoredConfiguration {
  document: ConfigurationDocument;
  contentHash: string;
  /** 0 while the company has never imported a configuration. */
  version: number;
}

/** The company's configuration; a company that never imported one has the empty document. */
export async function loadConfiguration(db: Database, companyId: string): Promise<StoredConfiguration> {
  const rows = await db
    .select()
    .from(companyConfigurations)
    .where(eq(companyConfigurations.companyId, companyId))
    .limit(1);
  const row = rows[0];
  if (row) return { document: row.document, contentHash: row.contentHash, version: row.version };
  return { document: EMPTY_DOCUMENT, contentHash: await contentHashOf(EMPTY_DOCUMENT), version: 0 };
}

export interface ConfigurationReplacement {
  document: ConfigurationDocument;
  contentHash: string;
  /** The version the writer read; the write happens only while it is still the stored one. */
  readVersion: number;
  updatedAt: string;
}

/** Writes the company's next configuration version; false when another write replaced `readVersion` first. */
export async function replaceConfiguration(
  db: Database,
  companyId: string,
  next: ConfigurationReplacement,
): Promise<boolean> {
  const { document, contentHash, updatedAt } = next;
  const version = next.readVersion + 1;
  const written = await db
    .insert(companyConfigurations)
    .values({ companyId, document, contentHash, version, updatedAt })
    .onConflictDoUpdate({
      target: companyConfigurations.companyId,
      set: { document: sql`excluded.document`, contentHash, version, updatedAt },
      setWhere: sql`${companyConfigurations.version} = ${next.readVersion}`,
    })
    .returning({ version: companyConfigurations.version });
  return written.length > 0;
}
