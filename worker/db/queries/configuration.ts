import { and, eq, exists, type SQL, sql } from "drizzle-orm";
import { contentHashOf } from "../../domain/configuration/canonical";
import { type ConfigurationDocument, EMPTY_DOCUMENT } from "../../domain/configuration/document";
import type { Database } from "../client";
import { CompiledSelect } from "../compiled-select";
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

export interface ConfigurationStamp {
  version: number;
  contentHash: string;
}

/** The company's configuration version and content hash (one short row; the document stays unread). */
export const configurationStamp = new CompiledSelect<ConfigurationStamp, { companyId: string }>(
  companyConfigurations,
  (qb) =>
    qb
      .select({ version: companyConfigurations.version, contentHash: companyConfigurations.contentHash })
      .from(companyConfigurations)
      .where(eq(companyConfigurations.companyId, sql.placeholder("companyId")))
      .limit(1),
  { version: companyConfigurations.version, contentHash: companyConfigurations.contentHash },
);

/** A row read with the configuration stamp of its company (`stampFields`): null before the first import. */
export interface StampFields {
  configurationVersion: number | null;
  configurationHash: string | null;
}

const stampOf = (column: typeof companyConfigurations.version | typeof companyConfigurations.contentHash) =>
  sql`(select ${column} from ${companyConfigurations} where ${companyConfigurations.companyId} = ${sql.placeholder("companyId")})`;

/**
 * The configuration stamp as two scalar subqueries, for a select of one of the company's rows (its values must
 * name `companyId`): the row and the stamp in one statement, one snapshot, no batch. A missing row reads no
 * stamp, which its 404 does not need.
 */
export const stampFields = {
  configurationVersion: stampOf(companyConfigurations.version).as("configuration_version"),
  configurationHash: stampOf(companyConfigurations.contentHash).as("configuration_hash"),
};

/** The stamp a row was read with (`stampFields`), and the row without it. */
export function splitStamp<Row extends StampFields>(
  read: Row,
): [Omit<Row, keyof StampFields>, ConfigurationStamp | null] {
  const { configurationVersion, configurationHash, ...row } = read;
  const stamp =
    configurationVersion === null || configurationHash === null
      ? null
      : { version: configurationVersion, contentHash: configurationHash };
  return [row, stamp];
}

export interface ConfigurationReplacement {
  document: ConfigurationDocument;
  contentHash: string;
  /** The version the writer read; the write happens only while it is still the stored one. */
  readVersion: number;
  updatedAt: string;
}

/**
 * The statement writing the company's next configuration version, unexecuted (for a batch): it returns a
 * row only when `readVersion` was still the stored one.
 */
export function replaceConfigurationStatement(db: Database, companyId: string, next: ConfigurationReplacement) {
  const { document, contentHash, updatedAt } = next;
  const version = next.readVersion + 1;
  return db
    .insert(companyConfigurations)
    .values({ companyId, document, contentHash, version, updatedAt })
    .onConflictDoUpdate({
      target: companyConfigurations.companyId,
      set: { document: sql`excluded.document`, contentHash, version, updatedAt },
      setWhere: sql`${companyConfigurations.version} = ${next.readVersion}`,
    })
    .returning({ version: companyConfigurations.version });
}

/**
 * SQL that holds while the company's configuration is at `version` with `contentHash`: statements batched
 * after a replacement run only when the replacement was written.
 */
export function configurationIs(db: Database, companyId: string, version: number, contentHash: string): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(companyConfigurations)
      .where(
        and(
          eq(companyConfigurations.companyId, companyId),
          eq(companyConfigurations.version, version),
          eq(companyConfigurations.contentHash, contentHash),
        ),
      ),
  );
}
