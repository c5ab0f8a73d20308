import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { database } from "../../../worker/db/client";
import { runBatch } from "../../../worker/db/queries/batch";
import { type EntityRow, insertEntity } from "../../../worker/db/queries/entities";
import {
  advanceHeadStatement,
  findPolicyHead,
  insertVersionKeepingStored,
  insertVersionStatement,
  type PolicyVersionRow,
} from "../../../worker/db/queries/policies";
import { entities, policies, policyVersions } from "../../../worker/db/schema";
import { setUpPolicies } from "../../policies/helpers";
import { createCompany } from "../../support/harness";
import { must } from "../../support/must";

/** The stored columns of a version row as SQLite holds them (JSON columns as text, NULL as null). */
async function storedColumns(policyId: string, version: number) {
  const row = await env.DB.prepare("SELECT * FROM policy_versions WHERE policy_id = ? AND version = ?")
    .bind(policyId, version)
    .first<Record<string, unknown>>();
  const { id: _id, version: _version, ...columns } = must(row);
  return columns;
}

async function policyWithVersion() {
  const f = await setUpPolicies();
  const { policyId } = await f.newBusiness();
  const db = database(env.DB);
  const [first] = await db
    .select()
    .from(policyVersions)
    .where(and(eq(policyVersions.policyId, policyId), eq(policyVersions.version, 1)));
  return { f, db, policyId, first: must(first) };
}

/**
 * A compiled write must store exactly what drizzle's own statement stores for the same values: every column,
 * JSON columns as their text, a null JSON column as SQL NULL (not the text "null").
 */
describe("CompiledWrite (worker/db/compiled-write.ts)", () => {
  it("inserts a version row as drizzle's insert does, in a batch with drizzle's statements", async () => {
    const { db, policyId, first } = await policyWithVersion();
    const row = (version: number, deltas: PolicyVersionRow["deltas"]): PolicyVersionRow => ({
      ...first,
      id: crypto.randomUUID(),
      version,
      action: "ENDORSE",
      deltas,
      transactionPremium: { Premium: -1250, Taxes: 0, Fees: 0, BrokerCommission: 0, ProgramCommission: 0 },
      createdBy: null,
    });
    const deltas = [{ path: "policy.limit", value: 5 }];
    await runBatch(db, [
      db.insert(policyVersions).values(row(50, deltas)),
      db.insert(policyVersions).values(row(60, null)),
    ]);
    // Compiled, each beside a drizzle statement (a head update that matches nothing).
    const untouched = db.update(policies).set({ status: "active" }).where(eq(policies.id, crypto.randomUUID()));
    const compiled = row(51, deltas);
    await runBatch(db, [insertVersionStatement(db, compiled), untouched]);
    await runBatch(db, [insertVersionStatement(db, row(61, null)), untouched]);
    expect(await storedColumns(policyId, 51)).toEqual(await storedColumns(policyId, 50));
    expect(await storedColumns(policyId, 61)).toEqual(await storedColumns(policyId, 60));
    expect((await storedColumns(policyId, 61)).deltas).toBeNull();
    const [read] = await db
      .select()
      .from(policyVersions)
      .where(and(eq(policyVersions.policyId, policyId), eq(policyVersions.version, 51)));
    expect(read).toEqual(compiled);
  });

  it("gives the written row back as a read of it does: JSON as parsed from the bound text, absent values null", async () => {
    const { db, policyId, first } = await policyWithVersion();
    // What the planner may hand over and a read never gives: an undefined member, a -0, a shared object.
    const shared = { cents: -0, note: undefined };
    const written = {
      ...first,
      id: crypto.randomUUID(),
      version: 2,
      action: "ENDORSE" as const,
      coverage: { ...first.coverage, extra: [shared, shared] } as unknown as PolicyVersionRow["coverage"],
      deltas: [{ path: "policy.limit", value: 5 }],
      createdBy: undefined as unknown as null,
    };
    const { write, stored } = insertVersionKeepingStored(db, written);
    await runBatch(db, [write]);
    const [read] = await db
      .select()
      .from(policyVersions)
      .where(and(eq(policyVersions.policyId, policyId), eq(policyVersions.version, 2)));
    expect(stored).toStrictEqual(read);
    expect(stored.createdBy).toBeNull();
    const extra = (stored.coverage as unknown as { extra: object[] }).extra;
    expect(extra[0]).toStrictEqual({ cents: 0 });
    expect(extra[0]).not.toBe(extra[1]);
    expect(stored.coverage).not.toBe(written.coverage);
  });

  it("advances the head only while it is still at the version read", async () => {
    const { db, f, policyId } = await policyWithVersion();
    const next = { currentVersion: 2, status: "cancelled" as const, termEnd: "2026-09-01", updatedAt: "2030-01-01" };
    await runBatch(db, [advanceHeadStatement(db, { id: policyId, currentVersion: 7 }, next)]);
    const unchanged = must(await findPolicyHead(db, f.company.id, policyId));
    expect(unchanged.currentVersion).toBe(1);
    await runBatch(db, [advanceHeadStatement(db, { id: policyId, currentVersion: 1 }, next)]);
    expect(await findPolicyHead(db, f.company.id, policyId)).toEqual({ ...unchanged, ...next });
  });

  it("commits nothing of a mixed batch when one statement fails", async () => {
    const { db, policyId, first } = await policyWithVersion();
    const next = { currentVersion: 2, status: "active" as const, termEnd: first.endDate, updatedAt: "2030-01-01" };
    // The second insert repeats (policy, version) 2: the unique index refuses it, and the batch with it.
    const version2 = { ...first, id: crypto.randomUUID(), version: 2, action: "ENDORSE" as const };
    await expect(
      runBatch(db, [
        insertVersionStatement(db, version2),
        advanceHeadStatement(db, { id: policyId, currentVersion: 1 }, next),
        db.insert(policyVersions).values({ ...version2, id: crypto.randomUUID() }),
      ]),
    ).rejects.toThrow(/UNIQUE/);
    const versions = await env.DB.prepare("SELECT version FROM policy_versions WHERE policy_id = ?")
      .bind(policyId)
      .all();
    expect(versions.results).toEqual([{ version: 1 }]);
    const head = await env.DB.prepare("SELECT current_version FROM policies WHERE id = ?").bind(policyId).first();
    expect(head).toEqual({ current_version: 1 });
  });

  it("inserts a record as drizzle's insert does, JSON data as its text and a null creator as NULL", async () => {
    const company = await createCompany();
    const db = database(env.DB);
    const row = (id: string): EntityRow => ({
      id,
      companyId: company.id,
      kind: "entity",
      entityType: "person",
      data: { name: "Ada", tags: ["a"], nested: { cents: -1250, none: null } },
      version: 1,
      createdAt: "2030-01-01T00:00:00.000Z",
      updatedAt: "2030-01-01T00:00:00.000Z",
      createdBy: null,
    });
    const [byDrizzle, compiled] = [crypto.randomUUID(), crypto.randomUUID()];
    await db.insert(entities).values(row(byDrizzle));
    await insertEntity(db, row(compiled));
    const stored = async (id: string) => {
      const found = await env.DB.prepare("SELECT * FROM entities WHERE id = ?")
        .bind(id)
        .first<Record<string, unknown>>();
      const { id: _id, ...columns } = must(found);
      return columns;
    };
    expect(await stored(compiled)).toEqual(await stored(byDrizzle));
    expect((await stored(compiled)).created_by).toBeNull();
    const [read] = await db.select().from(entities).where(eq(entities.id, compiled));
    expect(read).toEqual(row(compiled));
  });
});
