import { eq } from "drizzle-orm";
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
