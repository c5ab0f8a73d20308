import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../worker/errors/api-error";
import { operationContext } from "../../worker/operations/context";
import { prepareEmbeddedExposures } from "../../worker/operations/entities/write-pipeline/embedded-exposures";
import { createCompany, expectError, type TestCompany } from "../support/harness";

/** Issue 10, item 2: every rule of a configured exposure field applies inside a quote's `exposures` too. */
const CONFIGURATION = {
  fieldDefinitions: [
    {
      entityType: "exposure",
      referenceId: "exposureName",
      label: "Name",
      typeInfo: { kind: "String" },
      required: true,
    },
    {
      entityType: "exposure",
      referenceId: "underwritingNotes",
      label: "Underwriting notes",
      typeInfo: { kind: "String" },
      writePermission: "underwriting",
    },
    {
      entityType: "exposure",
      referenceId: "auditFlag",
      label: "Audit flag",
      typeInfo: { kind: "String" },
      readOnly: true,
    },
    {
      entityType: "exposure",
      referenceId: "shout",
      label: "Shout",
      typeInfo: { kind: "Calculated", expression: "upper(exposureName)", repeatable: true },
    },
    {
      entityType: "exposure",
      referenceId: "territory",
      label: "Territory",
      typeInfo: { kind: "String" },
      computedDefault: "concat('T-', exposureName)",
    },
  ],
};

async function setUp() {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  expect((await company.call("POST", "/configuration/import", admin, { body: CONFIGURATION })).status).toBe(200);
  const editor = await company.key([], ["quote.create", "quote.edit", "quote.view", "exposure.create"]);
  return { company, admin, editor };
}

const createQuote = (company: TestCompany, key: string, exposures: unknown[]) =>
  company.call("POST", "/entities/quote", key, { body: { exposures } });
const exposuresOf = async (company: TestCompany, key: string, id: string) =>
  (await company.call("GET", `/entities/quote/${id}`, key)).json.data.exposures;

describe("write groups inside a quote's embedded exposures", () => {
  it("refuses a key without exposure.field-underwriting, as on the exposure itself (403)", async () => {
    const { company, editor } = await setUp();
    const direct = await company.call("POST", "/entities/exposure", editor, {
      body: { exposureName: "Truck", underwritingNotes: "ok" },
    });
    expectError(direct, 403, "field-write-permission-required");
    const embedded = expectError(
      await createQuote(company, editor, [{ exposureName: "Truck" }, { exposureName: "Van", underwritingNotes: "ok" }]),
      403,
      "field-write-permission-required",
    );
    expect(embedded.details).toEqual([
      { field: "exposures[1].underwritingNotes", message: "needs write group underwriting" },
    ]);
    expect((await company.call("GET", "/entities/quote", editor)).json.totalCount).toBe(0);
  });

  it("lets a holder set it, and a non-holder resend it unchanged but neither change nor drop it", async () => {
    const { company, editor } = await setUp();
    const underwriter = await company.key(
      [],
      ["quote.create", "quote.edit", "quote.view", "exposure.field-underwriting"],
    );
    const created = await createQuote(company, underwriter, [{ exposureName: "Truck", underwritingNotes: "vetted" }]);
    expect(created.status).toBe(201);
    const id = created.json.id;
    const stored = await exposuresOf(company, editor, id);

    const resent = await company.call("PATCH", `/entities/quote/${id}`, editor, {
      body: { exposures: [...stored, { exposureName: "Van" }] },
    });
    expect(resent.status, JSON.stringify(resent.json)).toBe(200);
    for (const exposures of [[{ ...stored[0], underwritingNotes: "changed" }], [{ exposureName: "Truck" }]]) {
      expectError(
        await company.call("PATCH", `/entities/quote/${id}`, editor, { body: { exposures } }),
        403,
        "field-write-permission-required",
      );
    }
    expect((await exposuresOf(company, editor, id))[0].underwritingNotes).toBe("vetted");
  });
});

describe("read-only, calculated fields and computed defaults inside a quote's embedded exposures", () => {
  it("refuses a read-only value (400) and keeps the stored one when an item leaves it out", async () => {
    const { company, admin } = await setUp();
    const refused = expectError(
      await createQuote(company, admin, [{ exposureName: "Truck", auditFlag: "set" }]),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(refused.details).toEqual([{ field: "exposures[0].auditFlag", message: "is read-only" }]);
  });

  it("fills computed defaults for what an item leaves out and derives calculated fields (read-only, as on top)", async () => {
    const { company, admin } = await setUp();
    expectError(
      await createQuote(company, admin, [{ exposureName: "Truck", shout: "mine" }]),
      400,
      "InvalidFieldModelV1Data",
    );
    const created = await createQuote(company, admin, [
      { exposureName: "Truck" },
      { exposureName: "Van", territory: "North" },
    ]);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(await exposuresOf(company, admin, created.json.id)).toEqual([
      { exposureName: "Truck", shout: "TRUCK", territory: "T-Truck" },
      { exposureName: "Van", shout: "VAN", territory: "North" },
    ]);
    // Resending the derived value as read is accepted; it is derived again from the new name.
    const renamed = await company.call("PATCH", `/entities/quote/${created.json.id}`, admin, {
      body: { exposures: [{ exposureName: "Lorry", territory: "T-Truck", shout: "TRUCK" }] },
    });
    expect(renamed.json.data.exposures).toEqual([{ exposureName: "Lorry", shout: "LORRY", territory: "T-Truck" }]);
  });
});

describe("prepareEmbeddedExposures: the same rules for a policy's data.exposures", () => {
  it("answers the list to store, or throws the documented refusal", async () => {
    const { company } = await setUp();
    const configuration = (await company.call("GET", "/configuration/export", await company.key(["SUPER_ADMIN"]))).json;
    const key = await company.keyWithId([], ["policy.create"]);
    const ctx = operationContext(env, {
      companyId: company.id,
      actor: { kind: "api-key", keyId: key.id, roles: [], permissions: ["policy.create"] },
      requestId: crypto.randomUUID(),
      method: "POST",
      path: "/test",
      batchId: null,
    });
    expect(await prepareEmbeddedExposures(ctx, { configuration, exposures: [{ exposureName: "Barn" }] })).toEqual([
      { exposureName: "Barn", shout: "BARN", territory: "T-Barn" },
    ]);
    const locked = await prepareEmbeddedExposures(ctx, {
      configuration,
      exposures: [{ exposureName: "Barn", underwritingNotes: "x" }],
    }).catch((error: unknown) => error);
    expect(locked).toBeInstanceOf(ApiError);
    expect((locked as ApiError).code).toBe("field-write-permission-required");
    const missing = await prepareEmbeddedExposures(ctx, { configuration, exposures: [{}] }).catch((e: unknown) => e);
    expect((missing as ApiError).code).toBe("InvalidEntityShape");
  });
});
