import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { KEY_CACHE_TTL_MS } from "../../worker/http/key-cache";
import { call, createCompany, expectError, staff } from "../support/harness";
import { must } from "../support/must";
import { balancesOf, claimInvoice, createInvoice, setUpFinancials } from "./helpers";

/** The `financials` switch, balance reads' rules and the journal (CONTRACT sections 7.1, 7.3, 7.4). */

describe("the financials switch", () => {
  it("answers 404 Not found on every financials route while off, before the permission, and keeps the data", async () => {
    const f = await setUpFinancials();
    const invoice = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 500]]));
    await staff("PATCH", `/admin/companies/${f.company.id}`, { features: { financials: false } });
    const noPermissions = await f.company.key([], []);
    for (const [method, path] of [
      ["GET", "/financials/balances"],
      ["GET", `/financials/invoices/${invoice.id}`],
      ["POST", "/financials/invoices"],
      ["GET", "/financials/journal"],
      ["POST", "/financials/deleteAll"],
    ] as const) {
      expectError(await f.call(method, path, method === "POST" ? {} : undefined), 404, "NotFoundError", "Not found");
      expectError(await f.call(method, path, undefined, noPermissions), 404, "NotFoundError", "Not found");
    }
    // Authentication and company scoping come first.
    expectError(await call("GET", `/api/v1/companies/${f.company.id}/financials/balances`), 401, "AuthenticationError");
    const stranger = await createCompany();
    const strangerKey = await stranger.key(["SUPER_ADMIN"]);
    expectError(
      await call("GET", `/api/v1/companies/${f.company.id}/financials/balances`, { auth: strangerKey }),
      403,
      "AuthorizationError",
    );
    await staff("PATCH", `/admin/companies/${f.company.id}`, { features: { financials: true } });
    expect((await f.call("GET", `/financials/invoices/${invoice.id}`)).json.id).toBe(invoice.id);
  });

  it("reaches every isolate within 1 s: switched off by another isolate, the routes answer 404 after the bound", async () => {
    const f = await setUpFinancials();
    expect((await f.call("GET", "/financials/balances")).status).toBe(200);
    // As another isolate's change lands: in D1 only, this isolate's verified keys not told.
    await env.DB.prepare(
      `UPDATE companies SET features = json_set(features, '$.financials', json('false')) WHERE id = ?`,
    )
      .bind(f.company.id)
      .run();
    await new Promise((resolve) => setTimeout(resolve, KEY_CACHE_TTL_MS + 100));
    expectError(await f.call("GET", "/financials/balances"), 404, "NotFoundError", "Not found");
    expectError(await f.call("POST", "/financials/invoices", {}), 404, "NotFoundError", "Not found");
  });
});

describe("balance reads", () => {
  it("answer 200 empty for ids nothing posted to, and 400 naming entityType and the three for other types", async () => {
    const f = await setUpFinancials();
    for (const type of ["event", "policy", "payee"]) {
      expect(await balancesOf(f, { entityType: type, entityId: "00000000-0000-4000-8000-000000000009" })).toEqual({
        categories: [],
        cash: null,
      });
    }
    const refused = await f.call("GET", `/financials/entities/quote/${f.eventId}/balances`);
    const error = expectError(refused, 400, "VALIDATION_ERROR");
    expect(error.message).toContain("entityType");
    expect(error.message).toContain("event, policy, payee");
    expectError(await f.call("GET", "/financials/entities/event/not-a-uuid/balances"), 400, "VALIDATION_ERROR");
    // A new company has no cash account: null on the global read.
    expect(await balancesOf(f)).toEqual({ categories: [], cash: null });
  });

  it("need payment.view; ReadOnly and Finance hold it", async () => {
    const f = await setUpFinancials();
    for (const roles of [["ReadOnly"], ["Finance"]]) {
      expect((await f.call("GET", "/financials/balances", undefined, await f.company.key(roles))).status).toBe(200);
    }
    expectError(
      await f.call("GET", "/financials/balances", undefined, await f.company.key(["FMV1_CONFIGURATION_MANAGER"])),
      403,
      "AuthorizationError",
    );
    const legacy = await f.company.key([], ["company.payment:read"]);
    expect((await f.call("GET", `/financials/entities/event/${f.eventId}/balances`, undefined, legacy)).status).toBe(
      200,
    );
  });

  it("show a removed category's accounts as deprecated after a forced import", async () => {
    const f = await setUpFinancials();
    const expense = must(f.ids.categories.Expense);
    await f.call("POST", `/financials/events/${f.eventId}/payments`, { categoryId: expense, amountCents: 700 });
    const exported = (await f.call("GET", "/configuration/export")).json;
    const { contentHash: _, ...document } = exported;
    document.financials.categories = document.financials.categories.filter((c: any) => c.name !== "Expense");
    document.financials.policyFinancials.lineItemTypes = document.financials.policyFinancials.lineItemTypes.filter(
      (t: any) => t.category !== "Expense",
    );
    const refused = await f.call("POST", "/configuration/import", document);
    const error = expectError(refused, 409, "BreakingConfigurationChange");
    expect(error.details.map((d) => d.field)).toContain("financials.categories.Expense");
    expect(error.details.find((d) => d.field === "financials.categories.Expense")?.message).toBe(
      'Category "Expense" is removed while 1 stored ledger account use it',
    );
    expect((await f.call("POST", "/configuration/import?force=true", document)).status).toBe(200);
    const balances = await balancesOf(f, { entityType: "event", entityId: f.eventId });
    expect(balances.categories).toEqual([
      expect.objectContaining({
        categoryId: expense,
        name: "Expense",
        paidCents: 700,
        deprecatedAt: expect.any(String),
      }),
    ]);
    const configuration = (await f.call("GET", "/financials/configuration")).json;
    expect(configuration.categories.map((c: any) => c.name)).not.toContain("Expense");
    // Payments in a removed category can still be deleted.
    const payments = (await f.call("GET", `/financials/journal?entityType=event&entityId=${f.eventId}`)).json.items;
    expect((await f.call("DELETE", `/financials/payments/${payments[0].paymentId}`)).status).toBe(204);
  });
});

describe("the journal", () => {
  it("lists entries oldest first with every filter, and reads each; another company's entry is 404", async () => {
    const f = await setUpFinancials();
    await f.call("PUT", `/financials/events/${f.eventId}/reserves/${f.ids.categories.Indemnity}`, {
      expectedTotalCents: 900,
    });
    const invoice = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 500]]));
    const paid = await f.call("POST", `/financials/invoices/${invoice.id}/payments`, { amountCents: 200 });
    const all = (await f.call("GET", "/financials/journal")).json;
    expect(all.items.map((e: any) => e.kind)).toEqual([
      "reserves_set",
      "invoice_created",
      "payment_recorded",
      "reserves_eroded",
    ]);
    expect(all).toMatchObject({ totalCount: 4, page: 1, pageSize: 50 });
    for (const entry of all.items) {
      const debits = entry.lines
        .filter((l: any) => l.side === "debit")
        .reduce((s: number, l: any) => s + l.amountCents, 0);
      const credits = entry.lines
        .filter((l: any) => l.side === "credit")
        .reduce((s: number, l: any) => s + l.amountCents, 0);
      expect(debits).toBe(credits);
      expect((await f.call("GET", `/financials/journal/${entry.journalId}`)).json).toEqual(entry);
    }
    const byPayee = (await f.call("GET", `/financials/journal?entityType=payee&entityId=${f.personId}`)).json;
    expect(byPayee.items.map((e: any) => e.kind)).toEqual(["invoice_created", "payment_recorded"]);
    const byPayment = (await f.call("GET", `/financials/journal?paymentId=${paid.json.payment.paymentId}`)).json;
    expect(byPayment.items.map((e: any) => e.journalId)).toEqual(paid.json.payment.journalIds);
    const paged = (await f.call("GET", "/financials/journal?page=2&pageSize=3")).json;
    expect(paged).toMatchObject({ page: 2, pageSize: 3, totalCount: 4 });
    expect(paged.items).toHaveLength(1);
    expect((await f.call("GET", "/financials/journal?pageSize=9999")).json.pageSize).toBe(500);
    const stranger = await createCompany();
    const key = await stranger.key(["SUPER_ADMIN"]);
    expectError(await stranger.call("GET", `/financials/journal/${all.items[0].journalId}`, key), 404, "NotFoundError");
  });
});
