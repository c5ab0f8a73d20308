import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { database } from "../../../worker/db/client";
import { findCompany } from "../../../worker/db/queries/companies";
import { configurationStamp, splitStamp } from "../../../worker/db/queries/configuration";
import { entityById, entityWithStampById, findEntity } from "../../../worker/db/queries/entities";
import { findPolicyWithCurrentVersion } from "../../../worker/db/queries/policies";
import { companies, companyConfigurations, entities, policies, policyVersions } from "../../../worker/db/schema";
import { setUpPolicies } from "../../policies/helpers";
import { createCompany } from "../../support/harness";

/**
 * A compiled select must give exactly what drizzle's own select gives for the same row: the same keys, JSON
 * columns parsed, nulls kept, and nothing of another company or type.
 */
describe("CompiledSelect (worker/db/compiled-select.ts)", () => {
  it("reads an entity row as drizzle's select does, and only within its company and type", async () => {
    const company = await createCompany();
    const db = database(env.DB);
    const row = {
      id: crypto.randomUUID(),
      companyId: company.id,
      kind: "entity" as const,
      entityType: "person",
      data: { name: "Ada", tags: ["a", "b"], nested: { cents: -1250 } },
      version: 3,
      createdAt: "2030-01-01T00:00:00.000Z",
      updatedAt: "2030-01-02T00:00:00.000Z",
      createdBy: null,
    };
    await db.insert(entities).values(row);
    const [byDrizzle] = await db
      .select()
      .from(entities)
      .where(and(eq(entities.id, row.id), eq(entities.companyId, company.id)));
    const compiled = await entityById.run(env.DB, { id: row.id, companyId: company.id, entityType: "person" });
    expect(compiled).toEqual([byDrizzle]);
    expect(compiled[0]).toEqual(row);
    expect(await findEntity(db, company.id, "person", row.id)).toEqual(row);
    // The same id under another company or type reads as absent; the compiled text is reused with new values.
    const other = await createCompany();
    expect(await entityById.run(env.DB, { id: row.id, companyId: other.id, entityType: "person" })).toEqual([]);
    expect(await findEntity(db, company.id, "exposure", row.id)).toBeNull();
  });

  it("reads a company row with its JSON settings parsed, as drizzle's select does", async () => {
    const company = await createCompany();
    const db = database(env.DB);
    const [byDrizzle] = await db.select().from(companies).where(eq(companies.id, company.id));
    const compiled = await findCompany(db, company.id);
    expect(compiled).toEqual(byDrizzle);
    expect(typeof compiled?.features).toBe("object");
    expect(await findCompany(db, crypto.randomUUID())).toBeNull();
  });

  it("reads the chosen fields of a configuration row, keyed as named", async () => {
    const company = await createCompany();
    const document = {
      fieldDefinitions: [
        { entityType: "person", referenceId: "nickname", label: "Nickname", typeInfo: { kind: "String" } },
      ],
    };
    const imported = await company.call("POST", "/configuration/import", await company.key(["SUPER_ADMIN"]), {
      body: document,
    });
    expect(imported.status).toBe(200);
    const [stored] = await database(env.DB)
      .select()
      .from(companyConfigurations)
      .where(eq(companyConfigurations.companyId, company.id));
    expect(await configurationStamp.run(env.DB, { companyId: company.id })).toEqual([
      { version: 1, contentHash: stored?.contentHash },
    ]);
    expect(stored?.contentHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await configurationStamp.run(env.DB, { companyId: crypto.randomUUID() })).toEqual([]);
  });

  it("reads an entity row with its company's configuration stamp in one statement, null before any import", async () => {
    const company = await createCompany();
    const id = crypto.randomUUID();
    await database(env.DB)
      .insert(entities)
      .values({
        id,
        companyId: company.id,
        kind: "entity",
        entityType: "person",
        data: { name: "Ada" },
        version: 1,
        createdAt: "2030-01-01T00:00:00.000Z",
        updatedAt: "2030-01-01T00:00:00.000Z",
        createdBy: null,
      });
    const values = { id, companyId: company.id, entityType: "person" };
    const [beforeImport] = await entityWithStampById.run(env.DB, values);
    const [plain] = await entityById.run(env.DB, values);
    expect(beforeImport).toEqual({ ...plain, configurationVersion: null, configurationHash: null });
    expect(splitStamp(beforeImport as NonNullable<typeof beforeImport>)).toEqual([plain, null]);

    for (const [expected, referenceId] of [
      [1, "nickname"],
      [2, "alias"],
    ] as const) {
      const field = { entityType: "person", referenceId, label: referenceId, typeInfo: { kind: "String" } };
      const imported = await company.call("POST", "/configuration/import", await company.key(["SUPER_ADMIN"]), {
        body: { fieldDefinitions: [field] },
      });
      expect(imported.status).toBe(200);
      const [stamp] = await configurationStamp.run(env.DB, { companyId: company.id });
      expect(stamp?.version).toBe(expected);
      const [read] = await entityWithStampById.run(env.DB, values);
      expect(splitStamp(read as NonNullable<typeof read>)).toEqual([plain, stamp]);
    }
    // Another company's id reads no row, and so no stamp.
    const other = await createCompany();
    expect(await entityWithStampById.run(env.DB, { ...values, companyId: other.id })).toEqual([]);
  });

  it("reads a policy's head and the version it names as current in one batch, as drizzle's selects do", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    expect((await f.endorse(policyId, "2026-03-01", [{ path: "policy.limit", value: 2_000_000 }])).status).toBe(200);
    const db = database(env.DB);
    const [head] = await db.select().from(policies).where(eq(policies.id, policyId));
    const [current] = await db
      .select()
      .from(policyVersions)
      .where(and(eq(policyVersions.policyId, policyId), eq(policyVersions.version, 2)));
    expect(head?.currentVersion).toBe(2);
    expect(await findPolicyWithCurrentVersion(db, f.company.id, policyId)).toEqual({ head, current });
    // Another company's key reads neither row.
    const other = await createCompany();
    expect(await findPolicyWithCurrentVersion(db, other.id, policyId)).toEqual({ head: null, current: null });
  });
});
