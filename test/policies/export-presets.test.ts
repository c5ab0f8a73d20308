import { describe, expect, it } from "vitest";
import { createCompany, expectError, staff, type TestCompany } from "../support/harness";
import { must } from "../support/must";
import { CONFIGURATION } from "./bordereau-fixture";

interface Presets {
  company: TestCompany;
  /** Holds export-preset.create-for-member (and view). */
  manager: { id: string; key: string };
  /** A member with export-preset.view only. */
  member: { id: string; key: string };
  other: { id: string; key: string };
  create(body: Record<string, unknown>, key?: string): ReturnType<TestCompany["call"]>;
}

async function presets(): Promise<Presets> {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  expect((await company.call("POST", "/configuration/import", admin, { body: CONFIGURATION })).status).toBe(200);
  const manager = await company.keyWithId([], ["export-preset.create-for-member", "export-preset.view"]);
  const member = await company.keyWithId([], ["export-preset.view"]);
  const other = await company.keyWithId([], ["export-preset.view"]);
  return {
    company,
    manager,
    member,
    other,
    create: (body, key = manager.key) => company.call("POST", "/export-presets", key, { body }),
  };
}

const preset = (ownerUserId: string, extra: Record<string, unknown> = {}) => ({
  entityType: "bordereau",
  name: "Monthly bordereau",
  ownerUserId,
  fieldKeys: [
    "policyNumber",
    "premium",
    "fullTermPolicyRatingResult.policyGrandTotal",
    "crossSegmentRatingOutputs.outputs.lossRatio",
    "retroDate",
  ],
  ...extra,
});

describe("creating a preset for a member", () => {
  it("creates a private preset owned by that member", async () => {
    const p = await presets();
    const res = await p.create(preset(p.member.id));
    expect(res.status, res.text).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(String),
      entityType: "bordereau",
      name: "Monthly bordereau",
      ownerUserId: p.member.id,
      visibility: "private",
      fieldKeys: [
        "policyNumber",
        "premium",
        "fullTermPolicyRatingResult.policyGrandTotal",
        "crossSegmentRatingOutputs.outputs.lossRatio",
        "retroDate",
      ],
      createdAt: expect.any(String),
      createdBy: p.manager.id,
    });
    const read = await p.company.call("GET", `/export-presets/${res.json.id}`, p.member.key);
    expect(read.json).toEqual(res.json);
  });

  it("needs export-preset.create-for-member", async () => {
    const p = await presets();
    const refused = await p.create(preset(p.member.id), p.member.key);
    expectError(refused, 403, "AuthorizationError", "User is not authorized to perform the requested action");
    const listed = await p.company.call("GET", "/export-presets", p.manager.key);
    expect(listed.json.totalCount).toBe(0);
  });

  it("refuses a field key the bordereau does not have, naming it", async () => {
    const p = await presets();
    const res = await p.create(
      preset(p.member.id, {
        fieldKeys: ["policyNumber", "grandTotal", "fullTermPricingInfo.pricingComponents", "premium"],
      }),
    );
    const error = expectError(
      res,
      400,
      "UnknownExportFieldKey",
      'Unknown export field key "grandTotal", "fullTermPricingInfo.pricingComponents" for the bordereau',
    );
    expect(error.details).toEqual([
      { field: "fieldKeys[1]", message: '"grandTotal" is not a bordereau field key' },
      { field: "fieldKeys[2]", message: '"fullTermPricingInfo.pricingComponents" is not a bordereau field key' },
    ]);
    expect(error.userMessages).toEqual([
      '"grandTotal" is not a bordereau column or a path that can be transposed into one.',
      '"fullTermPricingInfo.pricingComponents" is not a bordereau column or a path that can be transposed into one.',
    ]);
    expect((await p.company.call("GET", "/export-presets", p.manager.key)).json.totalCount).toBe(0);
  });

  it("refuses a name the owner already uses, whatever its case or spacing; another owner may use it", async () => {
    const p = await presets();
    expect((await p.create(preset(p.member.id))).status).toBe(201);
    const taken = await p.create(preset(p.member.id, { name: "  monthly BORDEREAU " }));
    const error = expectError(
      taken,
      409,
      "ExportPresetNameTaken",
      'The owner already has a bordereau export preset named "monthly BORDEREAU"',
    );
    expect(error.details).toEqual([{ field: "name", message: "is already used by the owner for this export" }]);
    expect((await p.create(preset(p.other.id))).status).toBe(201);
    expect((await p.create(preset(p.member.id, { name: "Quarterly" }))).status).toBe(201);
    // Racing creations of one name: exactly one wins.
    const raced = await Promise.all([
      p.create(preset(p.member.id, { name: "Race" })),
      p.create(preset(p.member.id, { name: "Race" })),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it("refuses an owner who is not a member of the company, and malformed bodies", async () => {
    const p = await presets();
    const stranger = await createCompany();
    const outsider = await stranger.keyWithId([], ["export-preset.view"]);
    for (const ownerUserId of [crypto.randomUUID(), outsider.id]) {
      const error = expectError(
        await p.create(preset(ownerUserId)),
        400,
        "VALIDATION_ERROR",
        "ownerUserId names no member of this company",
      );
      expect(error.details).toEqual([{ field: "ownerUserId", message: "names no member of this company" }]);
    }
    const revoked = await p.company.keyWithId([], []);
    expect((await staff("DELETE", `/admin/companies/${p.company.id}/api-keys/${revoked.id}`)).status).toBe(204);
    expectError(await p.create(preset(revoked.id)), 400, "VALIDATION_ERROR");
    const field = async (body: Record<string, unknown>) =>
      must(expectError(await p.create(body), 400, "VALIDATION_ERROR").details[0]).field;
    expect(await field(preset(p.member.id, { entityType: "quote" }))).toBe("entityType");
    expect(await field(preset(p.member.id, { name: "   " }))).toBe("name");
    expect(await field(preset("not-a-uuid"))).toBe("ownerUserId");
    expect(await field(preset(p.member.id, { fieldKeys: [] }))).toBe("fieldKeys");
    expect(await field(preset(p.member.id, { fieldKeys: ["premium", "premium"] }))).toBe("fieldKeys");
    expect(await field(preset(p.member.id, { visibility: "public" }))).toBe("visibility");
  });
});

describe("reading presets", () => {
  it("a private preset is seen by its owner and by managers, and by no one else", async () => {
    const p = await presets();
    const mine = (await p.create(preset(p.member.id))).json;
    const theirs = (await p.create(preset(p.other.id, { name: "Other's" }))).json;

    const asMember = await p.company.call("GET", "/export-presets", p.member.key);
    expect(asMember.json).toEqual({ items: [mine], totalCount: 1, page: 1, pageSize: 50 });
    expectError(
      await p.company.call("GET", `/export-presets/${theirs.id}`, p.member.key),
      404,
      "NotFoundError",
      "Not found",
    );

    const asManager = await p.company.call("GET", "/export-presets", p.manager.key);
    expect(asManager.json.items.map((i: any) => i.id)).toEqual([theirs.id, mine.id]);
    const filtered = await p.company.call(
      "GET",
      `/export-presets?ownerUserId=${p.other.id}&entityType=bordereau`,
      p.manager.key,
    );
    expect(filtered.json.items.map((i: any) => i.id)).toEqual([theirs.id]);
    expect((await p.company.call("GET", `/export-presets/${theirs.id}`, p.manager.key)).json).toEqual(theirs);
    expectError(
      await p.company.call("GET", "/export-presets?ownerUserId=nope", p.manager.key),
      400,
      "VALIDATION_ERROR",
    );
  });

  it("needs export-preset.view, and another company's preset is 404", async () => {
    const p = await presets();
    const created = (await p.create(preset(p.member.id))).json;
    const without = await p.company.key([], ["policy.view"]);
    expectError(
      await p.company.call("GET", "/export-presets", without),
      403,
      "AuthorizationError",
      "User is not authorized to perform the requested action",
    );
    expectError(await p.company.call("GET", `/export-presets/${created.id}`, without), 403, "AuthorizationError");

    const elsewhere = await presets();
    expectError(
      await elsewhere.company.call("GET", `/export-presets/${created.id}`, elsewhere.manager.key),
      404,
      "NotFoundError",
      "Not found",
    );
    expect((await elsewhere.company.call("GET", "/export-presets", elsewhere.manager.key)).json.totalCount).toBe(0);
    expectError(
      await elsewhere.company.call("GET", "/export-presets/not-a-uuid", elsewhere.manager.key),
      400,
      "VALIDATION_ERROR",
    );
  });
});
