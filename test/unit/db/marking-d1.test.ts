import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { database } from "../../../worker/db/client";
import { batchOnlyWrites, makesChange, markingWrites } from "../../../worker/db/marking-d1";
import { nextSequenceValue } from "../../../worker/db/queries/entities";
import { mintPolicyNumberCandidate } from "../../../worker/db/queries/policies";
import { createCompany } from "../../support/harness";

/** Where the stand-in commit mark writes: one row per mark that ran. */
const MARKS = "marking_probe_marks";
const ROWS = "marking_probe_rows";

const marked = async () => (await env.DB.prepare(`SELECT count(*) AS n FROM ${MARKS}`).first<{ n: number }>())?.n;
const mark = () => env.DB.prepare(`INSERT INTO ${MARKS} (at) VALUES (1)`);

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare(`DROP TABLE IF EXISTS ${MARKS}`),
    env.DB.prepare(`CREATE TABLE ${MARKS} (at INTEGER)`),
    env.DB.prepare(`DROP TABLE IF EXISTS ${ROWS}`),
    env.DB.prepare(`CREATE TABLE ${ROWS} (id INTEGER PRIMARY KEY, name TEXT)`),
  ]);
});

describe("markingWrites (worker/db/marking-d1.ts, CONTRACT 8.1)", () => {
  it("marks in the batch that makes a change, and in a lone write, answering each as D1 would", async () => {
    const d1 = markingWrites(env.DB, mark);
    const [inserted, read] = await d1.batch([
      d1.prepare(`INSERT INTO ${ROWS} (id, name) VALUES (?, ?) RETURNING id`).bind(1, "one"),
      d1.prepare(`SELECT name FROM ${ROWS}`),
    ]);
    expect(inserted?.results).toEqual([{ id: 1 }]);
    expect(read?.results).toEqual([{ name: "one" }]);
    expect(await marked()).toBe(1);
    expect(await d1.prepare(`UPDATE ${ROWS} SET name = ? WHERE id = 1 RETURNING name`).bind("uno").first("name")).toBe(
      "uno",
    );
    expect(await marked()).toBe(2);
  });

  it("does not mark reads, alone or batched: a request that only read has committed nothing", async () => {
    const d1 = markingWrites(env.DB, mark);
    await d1.batch([d1.prepare(`SELECT count(*) FROM ${ROWS}`), d1.prepare("SELECT 1")]);
    await d1.prepare(`SELECT * FROM ${ROWS}`).all();
    expect(await marked()).toBe(0);
  });

  it("does not mark a counter mint, alone or with the policy number's check: a retry only leaves a gap", async () => {
    const company = await createCompany();
    const db = database(markingWrites(env.DB, mark));
    expect(await nextSequenceValue(db, company.id, "probe")).toBe(1);
    expect(await nextSequenceValue(db, company.id, "probe")).toBe(2);
    expect(await mintPolicyNumberCandidate(db, company.id, "probe")).toEqual({ value: 3, held: false });
    expect(await marked()).toBe(0);
    // The change that follows the mint carries the mark.
    await db.$client.prepare(`INSERT INTO ${ROWS} (id, name) VALUES (3, 'POL-000003')`).run();
    expect(await marked()).toBe(1);
  });

  it("counts a statement whose SQL it cannot read as a change (property over reads, mints and writes)", () => {
    const statement = (sql: unknown) => ({ statement: sql }) as unknown as D1PreparedStatement;
    const read = fc.constantFrom("SELECT 1", "  select * from t", "SELECT count(*) FROM x");
    const mint = fc.constantFrom('insert into "sequences" ("company_id") values (?)', ' INSERT INTO "sequences" (a)');
    const change = fc.constantFrom(
      "INSERT INTO t VALUES (1)",
      "update t set a = 1",
      "DELETE FROM t",
      "WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x",
      'insert into "sequences_log" (a)',
      undefined,
      42,
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(read, mint)), fc.array(change, { maxLength: 2 }), (quiet, changes) => {
        const all = [...quiet, ...changes].map(statement);
        expect(makesChange(all)).toBe(changes.length > 0);
      }),
    );
  });
});

describe("batchOnlyWrites (a group commit's handle)", () => {
  it("refuses a lone write, and lets a counter mint and reads run unmarked", async () => {
    const company = await createCompany();
    const d1 = batchOnlyWrites(env.DB, [mark()]);
    await expect(d1.prepare(`INSERT INTO ${ROWS} (id, name) VALUES (9, 'x')`).run()).rejects.toThrow(
      /wrote outside its group's batch/,
    );
    expect(await nextSequenceValue(database(d1), company.id, "grouped")).toBe(1);
    await d1.batch([d1.prepare(`INSERT INTO ${ROWS} (id, name) VALUES (9, 'x')`)]);
    expect(await marked()).toBe(1);
  });
});
