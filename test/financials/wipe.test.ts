import { describe, expect, it } from "vitest";
import { createCompany, expectError } from "../support/harness";
import { balancesOf, claimInvoice, createInvoice, setUpFinancials } from "./helpers";
import { applyPlan, conservingCreates, newPolicy } from "./plan-helpers";

/** Wiping financials data (CONTRACT section 7.9). */

describe("financials/deleteAll", () => {
  it("removes every financial record, keeps configuration ids, answers counts, and is safe to retry", async () => {
    const f = await setUpFinancials();
    const invoice = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 500]]));
    await f.call("POST", `/financials/invoices/${invoice.id}/payments`, { amountCents: 200 });
    await f.call("POST", `/financials/invoices/${invoice.id}/bill-review`);
    const wiped = await f.call("POST", "/financials/deleteAll", { batchId: "wipe-1" });
    expect(wiped.status).toBe(200);
    expect(wiped.json).toEqual({ invoices: 1, payments: 1, journalEntries: 2, billReviewRuns: 1 });
    expect(await balancesOf(f)).toEqual({ categories: [], cash: null });
    expectError(await f.call("GET", `/financials/invoices/${invoice.id}`), 404, "NotFoundError");
    expect((await f.call("GET", "/financials/journal")).json.totalCount).toBe(0);
    const configuration = (await f.call("GET", "/financials/configuration")).json;
    expect(configuration.categories[0].categoryId).toBe(f.ids.categories.Indemnity);
    expect((await f.call("POST", "/financials/deleteAll")).json).toEqual({
      invoices: 0,
      payments: 0,
      journalEntries: 0,
      billReviewRuns: 0,
    });
    const audit = (await f.call("GET", "/audit-log?batchId=wipe-1")).json.items;
    expect(audit.some((row: any) => row.kind === "receipt" && row.action === "deleteAllFinancials")).toBe(true);
  });

  it("is Sandbox only (409) and needs company.reset (403)", async () => {
    const f = await setUpFinancials();
    const admin = await f.company.key(["Admin"]);
    expectError(await f.call("POST", "/financials/deleteAll", {}, admin), 403, "AuthorizationError");
    const live = await createCompany("live");
    const key = await live.key(["SUPER_ADMIN"]);
    expectError(await live.call("POST", "/financials/deleteAll", key, { body: {} }), 409, "CompanyLifecycleRefused");
  });
});

describe("wipes of what financial records name", () => {
  it("refuse policies/deleteAll while invoices name a policy, and entity wipes while records name events or payees", async () => {
    const f = await setUpFinancials();
    const policyId = await newPolicy(f);
    await applyPlan(f, policyId, { voidInvoices: [], createInvoices: conservingCreates(f) });
    await createInvoice(f, claimInvoice(f, [["Indemnity payment", 500]]));
    const policies = expectError(await f.call("POST", "/policies/deleteAll", {}), 409, "LiveReferencesExist");
    expect(policies.details).toEqual([
      { field: "invoice.policyId", message: "2 invoice records name a policy in policyId" },
    ]);
    expect(policies.message).toContain("quotes, events or invoices");
    for (const type of ["event", "person", "organization"]) {
      const res = await f.call("POST", `/entities/${type}/deleteAll`, {});
      expect(expectError(res, 409, "LiveReferencesExist").details[0]?.field).toBe("financials");
    }
    // Exposures are not named by financial records.
    expect((await f.call("POST", "/entities/exposure/deleteAll", {})).status).toBe(200);
    expect((await f.call("GET", `/policies/${policyId}`)).status).toBe(200);

    await f.call("POST", "/financials/deleteAll", {});
    expect((await f.call("POST", "/policies/deleteAll", {})).status).toBe(200);
    for (const type of ["event", "person", "organization"]) {
      expect((await f.call("POST", `/entities/${type}/deleteAll`, {})).status).toBe(200);
    }
  });

  it("are cleared by the Sandbox reset too", async () => {
    const f = await setUpFinancials();
    await f.call("PUT", `/financials/events/${f.eventId}/reserves/${f.ids.categories.Indemnity}`, {
      expectedTotalCents: 10,
    });
    expect((await f.call("POST", "/reset", {})).status).toBe(200);
    expect(await balancesOf(f)).toEqual({ categories: [], cash: null });
    expect((await f.call("GET", "/financials/journal")).json.totalCount).toBe(0);
    expect((await f.call("GET", "/financials/configuration")).json.categories[0].categoryId).toBe(
      f.ids.categories.Indemnity,
    );
  });
});
