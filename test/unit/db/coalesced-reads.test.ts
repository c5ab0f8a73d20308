import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "../../../worker/db/client";
import { coalescingReads, numberedColumns, splitSelect, withoutWaiting } from "../../../worker/db/coalesced-reads";
import { companies } from "../../../worker/db/schema";
import { createCompany } from "../../support/harness";

/** env.DB, counting what reaches D1: batches, and statements run on their own. */
function countingD1() {
  const counts = { batches: 0, alone: 0, batched: [] as number[] };
  const d1 = {
    prepare(query: string) {
      const wrap = (statement: D1PreparedStatement): D1PreparedStatement =>
        new Proxy(statement, {
          get(target, member) {
            if (member === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
            const value = Reflect.get(target, member, target);
            if (member === "all" || member === "first" || member === "raw" || member === "run")
              return (...args: unknown[]) => {
                counts.alone++;
                return value.apply(target, args);
              };
            return typeof value === "function" ? value.bind(target) : value;
          },
        });
      return wrap(env.DB.prepare(query));
    },
    batch(statements: D1PreparedStatement[]) {
      counts.batches++;
      counts.batched.push(statements.length);
      return env.DB.batch(statements);
    },
  };
  return { d1: d1 as unknown as D1Database, counts };
}

const PROBE = "coalesce_probe";

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare(`DROP TABLE IF EXISTS ${PROBE}`),
    env.DB.prepare(`CREATE TABLE ${PROBE} (id INTEGER PRIMARY KEY, name TEXT, cents INTEGER, note TEXT)`),
    ...Array.from({ length: 20 }, (_, i) =>
      env.DB.prepare(`INSERT INTO ${PROBE} (id, name, cents, note) VALUES (?, ?, ?, ?)`).bind(
        i + 1,
        `row ${i + 1}`,
        (i - 10) * 1250,
        i % 3 === 0 ? null : `note, with "quotes" (${i})`,
      ),
    ),
  ]);
});

describe("coalescingReads (worker/db/coalesced-reads.ts)", () => {
  it("sends reads started together as one batch, each answered as its own call would be", async () => {
    const { d1, counts } = countingD1();
    const coalesced = coalescingReads(d1);
    const sql = `SELECT "id", "name", "cents" FROM ${PROBE} WHERE id <= ? ORDER BY id`;
    const [all, first, firstColumn, raw] = await Promise.all([
      coalesced.prepare(sql).bind(3).all(),
      coalesced.prepare(sql).bind(5).first(),
      coalesced.prepare(sql).bind(5).first("cents"),
      coalesced.prepare(sql).bind(4).raw(),
    ]);
    expect(counts).toMatchObject({ batches: 1, alone: 0, batched: [4] });
    expect(all.results).toEqual((await env.DB.prepare(sql).bind(3).all()).results);
    expect(first).toEqual({ id: 1, name: "row 1", cents: -12500 });
    expect(firstColumn).toBe(-12500);
    expect(raw).toEqual(await env.DB.prepare(sql).bind(4).raw());
    expect(raw[0]).toEqual([1, "row 1", -12500]);
  });

  it("runs a lone read on its own, and empty results as D1 gives them", async () => {
    const { d1, counts } = countingD1();
    const coalesced = coalescingReads(d1);
    const none = `SELECT id FROM ${PROBE} WHERE id = ?`;
    expect(await coalesced.prepare(none).bind(999).first()).toBeNull();
    expect(counts).toMatchObject({ batches: 0, alone: 1 });
    const [raw, first, column] = await Promise.all([
      coalesced.prepare(none).bind(999).raw(),
      coalesced.prepare(none).bind(999).first(),
      coalesced.prepare(none).bind(999).first("id"),
    ]);
    expect([raw, first, column]).toEqual([[], null, null]);
    expect(counts.batches).toBe(1);
  });

  it("sends a read marked withoutWaiting at once, after the reads waiting before it, and batches the rest", async () => {
    const { d1, counts } = countingD1();
    const coalesced = coalescingReads(d1);
    const sql = `SELECT "id", "name" FROM ${PROBE} WHERE id = ?`;
    const waiting = coalesced.prepare(sql).bind(1).first();
    expect(counts).toMatchObject({ batches: 0, alone: 0 });
    // Sent in the same synchronous step: the one waiting first, then the marked read, each on its own.
    const lone = withoutWaiting(coalesced.prepare(sql).bind(2)).first();
    expect(counts).toMatchObject({ batches: 0, alone: 2 });
    const [later, another] = [coalesced.prepare(sql).bind(3).first(), coalesced.prepare(sql).bind(4).first()];
    expect(await Promise.all([waiting, lone, later, another])).toEqual(
      [1, 2, 3, 4].map((id) => ({ id, name: `row ${id}` })),
    );
    expect(counts).toMatchObject({ batches: 1, alone: 2, batched: [2] });
  });

  it("keeps every value of a raw read whose columns share a name or look like indexes", async () => {
    const { d1, counts } = countingD1();
    const coalesced = coalescingReads(d1);
    const join = `SELECT a.id, b.id, a.name FROM ${PROBE} a JOIN ${PROBE} b ON b.id = a.id + 1 WHERE a.id = ?`;
    const drizzleJoin = `select "a"."id", "b"."id" as "id" from ${PROBE} "a" join ${PROBE} "b" on "b"."id" = "a"."id" where "a"."id" = ?`;
    const [joined, aliasedTwice, indexLike, counted] = await Promise.all([
      coalesced.prepare(join).bind(2).raw(),
      coalesced.prepare(drizzleJoin).bind(4).raw(),
      coalesced.prepare(`SELECT 7 AS "0", "name", ? AS "1" FROM ${PROBE} WHERE id = ?`).bind("x", 1).raw(),
      coalesced.prepare(`SELECT count(*) FROM ${PROBE}`).raw(),
    ]);
    expect(joined).toEqual([[2, 3, "row 2"]]);
    expect(aliasedTwice).toEqual([[4, 4]]);
    expect(indexLike).toEqual([[7, "row 1", "x"]]);
    expect(counted).toEqual([[20]]);
    expect(counts).toMatchObject({ batches: 1, alone: 0, batched: [4] });
  });

  it("runs at once a raw read of *, whose columns cannot be renamed", async () => {
    const { d1, counts } = countingD1();
    const coalesced = coalescingReads(d1);
    const [one, starred] = await Promise.all([
      coalesced.prepare(`SELECT "id" FROM ${PROBE} WHERE id = 1`).raw(),
      coalesced.prepare(`SELECT * FROM ${PROBE} WHERE id = 1`).raw(),
    ]);
    expect(one).toEqual([[1]]);
    expect(starred).toEqual([[1, "row 1", -12500, null]]);
    expect(counts).toMatchObject({ batches: 0, alone: 2 });
  });

  it("gives each read its own outcome when one of a batch fails", async () => {
    const { d1 } = countingD1();
    const coalesced = coalescingReads(d1);
    const [good, bad, missingColumn] = await Promise.allSettled([
      coalesced.prepare(`SELECT name FROM ${PROBE} WHERE id = 2`).first("name"),
      coalesced.prepare(`SELECT nope FROM ${PROBE}`).all(),
      coalesced.prepare(`SELECT name FROM ${PROBE} WHERE id = 2`).first("nope"),
    ]);
    expect(good).toEqual({ status: "fulfilled", value: "row 2" });
    expect(bad.status).toBe("rejected");
    expect(String((bad as PromiseRejectedResult).reason)).toMatch(/no such column: nope/);
    expect(missingColumn.status).toBe("rejected");
  });

  it("settles every read when the batch call throws or answers short, never leaving one waiting", async () => {
    const sql = `SELECT name FROM ${PROBE} WHERE id = ?`;
    const throwing = {
      prepare: (query: string) => env.DB.prepare(query),
      batch: () => {
        throw new Error("gone");
      },
    };
    const fromThrowing = coalescingReads(throwing as unknown as D1Database);
    // The batch could not be sent: each read runs alone and gets its own answer.
    expect(
      await Promise.all([
        fromThrowing.prepare(sql).bind(1).first("name"),
        fromThrowing.prepare(sql).bind(2).first("name"),
      ]),
    ).toEqual(["row 1", "row 2"]);

    const short = {
      prepare: (query: string) => env.DB.prepare(query),
      batch: async (statements: D1PreparedStatement[]) => (await env.DB.batch(statements)).slice(0, 1),
    };
    const fromShort = coalescingReads(short as unknown as D1Database);
    // The second read has no answer to read: it is refused, not stranded, and the first keeps its own.
    const [first, second] = await Promise.allSettled([
      fromShort.prepare(sql).bind(1).first("name"),
      fromShort.prepare(sql).bind(2).first("name"),
    ]);
    expect(first).toEqual({ status: "fulfilled", value: "row 1" });
    expect(second.status).toBe("rejected");
  });

  it("runs writes, batches and raw reads with column names at once, never waiting in a batch", async () => {
    const { d1, counts } = countingD1();
    const coalesced = coalescingReads(d1);
    // A read waiting when a write starts is sent first, on its own: the write does not wait for the turn's end.
    const waitingRead = coalesced.prepare(`SELECT id FROM ${PROBE} WHERE id = 20`).first("id");
    await coalesced.prepare(`UPDATE ${PROBE} SET note = ? WHERE id = 20`).bind("written").run();
    expect(counts).toMatchObject({ batches: 0, alone: 2 });
    expect(await waitingRead).toBe(20);
    const named = await coalesced.prepare(`SELECT id, note FROM ${PROBE} WHERE id = 20`).raw({ columnNames: true });
    expect(named).toEqual([
      ["id", "note"],
      [20, "written"],
    ]);
    expect(counts).toMatchObject({ batches: 0, alone: 3 });
    const [batched] = await coalesced.batch([coalesced.prepare(`SELECT count(*) AS n FROM ${PROBE}`)]);
    expect(batched?.results).toEqual([{ n: 20 }]);
  });

  it("serves drizzle's selects, which read through raw", async () => {
    const a = await createCompany();
    const b = await createCompany();
    const { d1, counts } = countingD1();
    const db = database(coalescingReads(d1));
    const [first, second] = await Promise.all([
      db.select().from(companies).where(eq(companies.id, a.id)),
      db.select().from(companies).where(eq(companies.id, b.id)),
    ]);
    const direct = database(env.DB);
    expect(first).toEqual(await direct.select().from(companies).where(eq(companies.id, a.id)));
    expect(second).toEqual(await direct.select().from(companies).where(eq(companies.id, b.id)));
    expect(counts.batches).toBe(1);
  });

  it("answers any mix of reads exactly as D1 answers each alone (property)", async () => {
    const queries = [
      [`SELECT "id", "name", "cents", "note" FROM ${PROBE} WHERE id BETWEEN ? AND ?`, 2],
      [`SELECT "note", sum("cents") AS "total" FROM ${PROBE} WHERE id BETWEEN ? AND ? GROUP BY "note"`, 2],
      [`SELECT count(*), sum(cents) FROM ${PROBE} WHERE id BETWEEN ? AND ?`, 2],
      [`SELECT a.id, b.id FROM ${PROBE} a JOIN ${PROBE} b ON b.id = a.id WHERE a.id BETWEEN ? AND ?`, 2],
      [`SELECT coalesce(note, 'none, really'), (cents + ?) FROM ${PROBE} WHERE id = ?`, 2],
    ] as const;
    const read = fc.record({
      query: fc.integer({ min: 0, max: queries.length - 1 }),
      member: fc.constantFrom("all", "first", "raw"),
      from: fc.integer({ min: 0, max: 22 }),
      to: fc.integer({ min: 0, max: 22 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(read, { minLength: 1, maxLength: 8 }), async (reads) => {
        const coalesced = coalescingReads(env.DB);
        const run = (handle: D1Database, r: (typeof reads)[number]) => {
          const statement = handle.prepare((queries[r.query] as (typeof queries)[number])[0]).bind(r.from, r.to);
          if (r.member === "all") return statement.all().then((result) => result.results);
          return r.member === "first" ? statement.first() : statement.raw();
        };
        const together = await Promise.all(reads.map((r) => run(coalesced, r)));
        const alone = await Promise.all(reads.map((r) => run(env.DB, r)));
        expect(together).toEqual(alone);
      }),
      { numRuns: 40 },
    );
  });
});

describe("splitSelect and numberedColumns", () => {
  it("splits the top-level columns up to the top-level FROM", () => {
    const split = (query: string) => splitSelect(query).items;
    expect(split(`select "t"."id", "t"."name" from "t" where a in (1, 2)`)).toEqual(['"t"."id"', '"t"."name"']);
    expect(split(`SELECT count(*), coalesce(a, 'x, from y') FROM t`)).toEqual(["count(*)", "coalesce(a, 'x, from y')"]);
    expect(split('select [a,b], "c,d", `e,f` from t')).toHaveLength(3);
    expect(split(`select (select max(x) from u), 'it''s, here' from t`)).toHaveLength(2);
    expect(split("select 1")).toEqual(["1"]);
    expect(split(`select "from_day", from_to from t`)).toEqual(['"from_day"', "from_to"]);
  });

  it("renames every column in order, replacing an alias, and leaves the rest of the statement as it was", () => {
    expect(
      numberedColumns(`select "a"."id", "b"."id" from "a" join "b" on "b"."x" = ? where "a"."y" in (?, ?)`),
    ).toEqual({
      query: `select "a"."id" as "c0", "b"."id" as "c1" from "a" join "b" on "b"."x" = ? where "a"."y" in (?, ?)`,
      columns: 2,
    });
    expect(numberedColumns(`SELECT max("sequence") as "last", cast(x as integer) FROM t`)).toEqual({
      query: `SELECT max("sequence") as "c0", cast(x as integer) as "c1" FROM t`,
      columns: 2,
    });
    expect(numberedColumns(`select * from "t"`)).toBeNull();
    expect(numberedColumns(`select "t".* from "t"`)).toBeNull();
  });
});
