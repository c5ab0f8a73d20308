// The bytes each table takes on disk with its indexes, in whole SQLite pages, read from the local D1 file with
// SQLite's `dbstat` table. Neither local D1 nor wrangler exposes `dbstat` or `PRAGMA page_count`, so the file is
// opened with `node:sqlite` under the project's pinned Node 22 (Node 20 has no `node:sqlite`), read only, after
// the server has stopped. D1 counts pages against its 10 GB, so this is what a record costs there.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { PINNED_NODE } from "./wrangler.mjs";

/** The local D1 database file of a persist dir (miniflare keeps a `metadata.sqlite` beside it). */
function databaseFile(persistDir) {
  const dir = join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`Expected one D1 database file in ${dir}, found ${files.length}`);
  return join(dir, files[0]);
}

// Run in the child: each table's own pages and its indexes' pages, from dbstat joined with sqlite_schema.
const READ_PAGES = `
const { DatabaseSync } = require("node:sqlite");
const db = new DatabaseSync(process.argv[1], { readOnly: true });
const rows = db.prepare(\`SELECT coalesce(s.tbl_name, d.name) AS tableName, s.type = 'index' AS isIndex,
  sum(d.pgsize) AS bytes FROM dbstat d LEFT JOIN sqlite_schema s ON s.name = d.name GROUP BY d.name\`).all();
process.stdout.write(JSON.stringify(rows));
`;

/** @returns {Map<string, { tableBytes: number, indexBytes: number }>} on-disk bytes by table name. */
export function pagesOnDisk(persistDir) {
  const out = execFileSync(PINNED_NODE, ["--no-warnings", "-e", READ_PAGES, databaseFile(persistDir)], {
    encoding: "utf8",
  });
  const byTable = new Map();
  for (const { tableName, isIndex, bytes } of JSON.parse(out)) {
    const entry = byTable.get(tableName) ?? { tableBytes: 0, indexBytes: 0 };
    entry[isIndex ? "indexBytes" : "tableBytes"] += bytes;
    byTable.set(tableName, entry);
  }
  return byTable;
}
