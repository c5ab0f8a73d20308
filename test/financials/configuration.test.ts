import { describe, expect, it } from "vitest";
import { POLICY_CONFIGURATION } from "../policies/helpers";
import { createCompany, expectError } from "../support/harness";
import { must } from "../support/must";
import { FINANCIALS, setUpFinancials } from "./helpers";

/** The financials configuration and its ids (CONTRACT section 7.2). */

const withFinancials = (change: (financials: any) => void) => {
  const financials = structuredClone(FINANCIALS) as any;
  change(financials);
  return { ...POLICY_CONFIGURATION, financials };
};

describe("financials configuration", () => {
  it("is read with minted ids, stable while the name stays configured; a new name gets a new id", async () => {
    const f = await setUpFinancials();
    const read = (await f.call("GET", "/financials/configuration")).json;
    expect(read.categories[0]).toEqual({
      categoryId: f.ids.categories.Indemnity,
      name: "Indemnity",
      kind: "reserved",
      expectedDirection: "payable",
      deprecatedAt: null,
    });
    expect(read.lineItemTypes.find((t: any) => t.name === "Uncategorised")).toMatchObject({
      category: null,
      categoryId: null,
    });
    expect(read.lineItemTypes.find((t: any) => t.name === "Legal fee")).toMatchObject({
      categoryId: f.ids.categories.Indemnity,
      pricingKind: null,
      allowedOn: [{ invoiceType: "Claim invoice", label: "Counsel" }],
    });
    expect(read.invoiceTypes[0]).toEqual({
      name: "Claim invoice",
      appliesTo: ["event"],
      payeeDefaults: { expression: null, allowedEntityTypes: ["person"] },
    });
    expect(read.paymentDefaults).toBeNull();

    const renamed = withFinancials((fin) => {
      fin.categories[1].name = "Expenses";
      for (const t of fin.policyFinancials.lineItemTypes) if (t.category === "Expense") t.category = "Expenses";
    });
    expect((await f.call("POST", "/configuration/import", renamed)).status).toBe(200);
    const after = (await f.call("GET", "/financials/configuration")).json;
    const idOf = (name: string) => after.categories.find((c: any) => c.name === name)?.categoryId;
    expect(idOf("Indemnity")).toBe(f.ids.categories.Indemnity);
    expect(idOf("Expenses")).toEqual(expect.any(String));
    expect(idOf("Expenses")).not.toBe(f.ids.categories.Expense);
    const exported = (await f.call("GET", "/configuration/export")).json;
    expect(JSON.stringify(exported)).not.toContain(must(f.ids.categories.Indemnity));
  });

  it("bounds the first due date at ten years after its anchor (3,653 days; CONTRACT 8.3)", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const defaults = (daysAfter: number) =>
      withFinancials((fin) => {
        fin.policyFinancials.paymentDefaults = {
          paymentPeriod: "upfront",
          firstDueDate: { anchor: "effective-date", daysAfter },
          avoidWeekendSends: false,
        };
      });
    const over = await company.call("POST", "/configuration/import", key, { body: defaults(3_654) });
    expect(expectError(over, 400, "InvalidConfiguration").details.map((d) => d.field)).toEqual([
      "financials.policyFinancials.paymentDefaults.firstDueDate.daysAfter",
    ]);
    expect((await company.call("POST", "/configuration/import", key, { body: defaults(3_653) })).status).toBe(200);
  });

  it("refuses unknown categories and a type's direction differing from its category's", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const document = withFinancials((fin) => {
      fin.policyFinancials.lineItemTypes[0].category = "Nowhere";
      fin.policyFinancials.lineItemTypes[1].direction = "receivable";
    });
    const res = await company.call("POST", "/configuration/import", key, { body: document });
    const error = expectError(res, 400, "InvalidConfiguration");
    expect(error.details.map((d) => d.field)).toEqual([
      "financials.policyFinancials.lineItemTypes.0.category",
      "financials.policyFinancials.lineItemTypes.1.direction",
    ]);
    const validated = await company.call("POST", "/configuration/validate", key, { body: document });
    expect(validated.json.issues.map((i: any) => i.code)).toEqual(["unknown-category", "direction-mismatch"]);
  });

  it("keeps a used category's kind and direction and a used type's category and pricing kind", async () => {
    const f = await setUpFinancials();
    // Unused so far: changing them is fine.
    expect(
      (
        await f.call(
          "POST",
          "/configuration/import",
          withFinancials((fin) => {
            fin.categories[1].kind = "reserved";
          }),
        )
      ).status,
    ).toBe(200);
    const direct = await f.call("POST", `/financials/events/${f.eventId}/payments`, {
      categoryId: f.ids.categories.Indemnity,
      amountCents: 5,
    });
    expect([direct.status, direct.headers.get("Content-Type")]).toEqual([201, "application/json"]);
    const invoice = await f.call("POST", "/financials/invoices", {
      entityType: "event",
      entityId: f.eventId,
      invoiceType: "Claim invoice",
      dueDate: { date: "2026-01-01" },
      payee: { entityType: "person", entityId: f.personId },
      lineItems: [{ lineItemTypeId: f.ids.types["Legal fee"], amountCents: 5 }],
    });
    expect(invoice.status).toBe(201);
    const changed = withFinancials((fin) => {
      fin.categories[0].kind = "operating";
      const legal = fin.policyFinancials.lineItemTypes[1];
      legal.pricingKind = "Fees";
      legal.category = "Expense";
    });
    const res = await f.call("POST", "/configuration/import", changed);
    const error = expectError(res, 400, "InvalidConfiguration");
    expect(error.details.map((d) => d.field)).toEqual([
      "financials.categories.0.kind",
      "financials.policyFinancials.lineItemTypes.1.category",
      "financials.policyFinancials.lineItemTypes.1.pricingKind",
    ]);
    const validated = await f.call("POST", "/configuration/validate", changed);
    expect(new Set(validated.json.issues.map((i: any) => i.code))).toEqual(new Set(["immutable-financial-member"]));
    // Compare reads the document as import does: what import refuses is no diff.
    const compared = expectError(await f.call("POST", "/configuration/compare", changed), 400, "InvalidConfiguration");
    expect(compared.details).toEqual(error.details);
    // Deprecating is not breaking; deprecated types still post.
    const deprecated = withFinancials((fin) => {
      fin.categories[0].deprecatedAt = "2026-06-01T00:00:00Z";
      fin.policyFinancials.lineItemTypes[1].lifecycle = "deprecated";
    });
    expect((await f.call("POST", "/configuration/import", deprecated)).status).toBe(200);
    const again = await f.call("POST", `/financials/invoices/${invoice.json.id}/payments`, { amountCents: 5 });
    expect(again.status).toBe(201);
    const balances = (await f.call("GET", `/financials/entities/event/${f.eventId}/balances`)).json;
    expect(balances.categories[0]).toMatchObject({ name: "Indemnity", deprecatedAt: "2026-06-01T00:00:00Z" });
    // A date-time with an offset is a date-time too (RFC 3339); it is kept as written.
    const offset = withFinancials((fin) => {
      fin.categories[0].deprecatedAt = "2026-06-01T02:00:00+02:00";
      fin.policyFinancials.lineItemTypes[1].lifecycle = "deprecated";
    });
    const imported = await f.call("POST", "/configuration/import", offset);
    expect(imported.status, imported.text).toBe(200);
    const read = (await f.call("GET", "/financials/configuration")).json;
    expect(read.categories[0].deprecatedAt).toBe("2026-06-01T02:00:00+02:00");
  });
});

describe("the financials configuration during setup (CONTRACT 4: an uninitialized company accepts configuration reads)", () => {
  it("is read by an uninitialized company, as its import was accepted", async () => {
    const company = await createCompany("uninitialized");
    const admin = await company.key(["SUPER_ADMIN"]);
    const imported = await company.call("POST", "/configuration/import", admin, {
      body: { ...POLICY_CONFIGURATION, financials: FINANCIALS },
    });
    expect(imported.status, imported.text).toBe(200);
    const read = await company.call("GET", "/financials/configuration", admin);
    expect(read.status, read.text).toBe(200);
    expect(read.json.categories.map((c: { name: string }) => c.name)).toEqual(FINANCIALS.categories.map((c) => c.name));
  });
});
