import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cancelBody, countPolicies, endorseBody, newBusinessBody, reinstateBody } from "../policies/helpers";
import { expectError, staff } from "../support/harness";
import { must } from "../support/must";
import {
  balancesOf,
  categoryNamed,
  expectBalanced,
  type FinancialsFixture,
  PLAN_PRICING,
  setUpFinancials,
} from "./helpers";
import { applyPlan, conservingCreates, newPolicy, planInvoice } from "./plan-helpers";

/**
 * Invoice plans carried by policy transactions (CONTRACT section 7.7): the plan commits with the version in
 * one batch, conserves against the NEW version's written pricing, and any refusal leaves neither.
 *
 * The term is 2026-01-01 to 2027-01-01: 365 days, every component pro-rata.
 */

const PLAN = (f: FinancialsFixture) => ({ voidInvoices: [], createInvoices: conservingCreates(f) });

async function invoicesOf(f: FinancialsFixture, policyId: string) {
  const res = await f.call("GET", `/financials/invoices?entityType=policy&entityId=${policyId}`);
  expect(res.status, res.text).toBe(200);
  return res.json.items as any[];
}

async function countInvoices(companyId: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM invoices WHERE company_id = ?")
    .bind(companyId)
    .first<{ n: number }>();
  return must(row).n;
}

/** A policy billed in full by a batch plan: its premium invoice (premium + tax) and commission statement. */
async function billedPolicy(f: FinancialsFixture) {
  const policyId = await newPolicy(f);
  const { created } = await applyPlan(f, policyId, PLAN(f));
  return { policyId, premium: created[0], commission: created[1] };
}

/** The plan pricing with the premium restated to `premium` (units). */
const restated = (premium: number) => ({
  pricingComponents: PLAN_PRICING.pricingComponents.map((c) => (c.kind === "Premium" ? { ...c, value: premium } : c)),
});

describe("new business and renewal carrying a plan", () => {
  it("creates the new policy's invoices with version 1, in one write", async () => {
    const f = await setUpFinancials();
    const res = await f.call(
      "POST",
      "/policies/transaction/new-business",
      newBusinessBody({ fullTermPricingInfo: PLAN_PRICING }, { invoicePlan: PLAN(f) }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json.version).toBe(1);
    const listed = await invoicesOf(f, res.json.policyId);
    expect(res.json.invoicePlanResult).toEqual({ voided: [], created: listed.map((i) => i.id) });
    expect(listed.map((i) => i.totalCents)).toEqual([126_000, 12_000]);
    const balances = await balancesOf(f, { entityType: "policy", entityId: res.json.policyId });
    expect(categoryNamed(balances, "Premium")).toMatchObject({ owedCents: 126_000 });
    expectBalanced(balances);
  });

  it("a plan that does not conserve creates neither policy nor invoices", async () => {
    const f = await setUpFinancials();
    const plan = { voidInvoices: [], createInvoices: [planInvoice(f, [["Gross premium", 100_000]])] };
    const res = await f.call(
      "POST",
      "/policies/transaction/new-business",
      newBusinessBody({ fullTermPricingInfo: PLAN_PRICING }, { invoicePlan: plan }),
    );
    const error = expectError(res, 422, "INVOICE_PLAN_NOT_CONSERVING");
    expect(error.details.map((d) => d.field)).toEqual(["Premium", "Taxes", "BrokerCommission"]);
    expect(await countPolicies(f.company.id)).toEqual({ policies: 0, versions: 0 });
    expect(await countInvoices(f.company.id)).toBe(0);
  });

  it("a renewal's plan bills the renewal, and may name nothing to void", async () => {
    const f = await setUpFinancials();
    const { policyId } = await billedPolicy(f);
    const renewal = newBusinessBody(
      {
        previousPolicy: policyId,
        policyStartDate: { date: "2027-01-01" },
        policyEndDate: { date: "2028-01-01" },
        fullTermPricingInfo: PLAN_PRICING,
      },
      { invoicePlan: PLAN(f) },
    );
    const res = await f.call("POST", "/policies/transaction/renew", renewal);
    expect(res.status, res.text).toBe(200);
    expect((await invoicesOf(f, res.json.policyId)).map((i) => i.id)).toEqual(res.json.invoicePlanResult.created);
    expect(await invoicesOf(f, policyId)).toHaveLength(2);

    const [old] = await invoicesOf(f, policyId);
    const voiding = newBusinessBody(
      {
        previousPolicy: res.json.policyId,
        policyStartDate: { date: "2028-01-01" },
        policyEndDate: { date: "2029-01-01" },
      },
      { invoicePlan: { voidInvoices: [{ invoiceId: old.id, headJournalId: old.headJournalId }], createInvoices: [] } },
    );
    const refused = expectError(
      await f.call("POST", "/policies/transaction/renew", voiding),
      422,
      "INVOICE_PLAN_INVALID",
    );
    expect(refused.details).toEqual([{ field: "voidInvoices[0]", message: "is not an active invoice of this policy" }]);
  });
});

describe("endorsements: restatements need a plan", () => {
  it("refuses a restatement of a billed policy without a plan, 422 INVOICE_PLAN_REQUIRED, writing nothing", async () => {
    const f = await setUpFinancials();
    const { policyId } = await billedPolicy(f);
    const body = endorseBody("2026-07-02", [{ path: "policy.fullTermPricingInfo", value: restated(1500) }]);
    expectError(await f.call("POST", `/policies/${policyId}/transaction/endorse`, body), 422, "INVOICE_PLAN_REQUIRED");
    expect(await countPolicies(f.company.id)).toEqual({ policies: 1, versions: 1 });
    // A change that leaves the five rollups alone needs none.
    const limit = endorseBody("2026-07-02", [{ path: "policy.limit", value: 2_000_000 }]);
    expect((await f.call("POST", `/policies/${policyId}/transaction/endorse`, limit)).status).toBe(200);
  });

  it("refuses each concurrent restatement without a plan and commits the rest; a staff change ends the kept reads", async () => {
    const f = await setUpFinancials();
    const { policyId } = await billedPolicy(f);
    const path = `/policies/${policyId}/transaction/endorse`;
    const restating = endorseBody("2026-07-02", [{ path: "policy.fullTermPricingInfo", value: restated(1500) }]);
    const limit = (i: number) => endorseBody("2026-07-02", [{ path: "policy.limit", value: 1_000_000 + i }]);
    // Sent together, they queue in the company object and commit in groups that read the company and the
    // policy's invoices once.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => f.call("POST", path, i % 2 ? restating : limit(i))),
    );
    for (const refused of answers.filter((_, i) => i % 2)) expectError(refused, 422, "INVOICE_PLAN_REQUIRED");
    const committed = answers.filter((_, i) => i % 2 === 0);
    expect(committed.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(committed.map((r) => r.json.version).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7]);
    // The staff change runs exclusively in the object, so the next group reads anew: with policy financials off,
    // the same restatement commits.
    await staff("PATCH", `/admin/companies/${f.company.id}`, { features: { policyFinancials: false } });
    const after = await f.call("POST", path, restating);
    expect(after.status, after.text).toBe(200);
    expect(after.json.version).toBe(8);
  });

  it("sees invoices a plan created after an earlier group kept the policy's invoices", async () => {
    const f = await setUpFinancials();
    const policyId = await newPolicy(f);
    const path = `/policies/${policyId}/transaction/endorse`;
    const restating = (premium: number) =>
      endorseBody("2026-07-02", [{ path: "policy.fullTermPricingInfo", value: restated(premium) }]);
    // No invoices yet: the restatement needs no plan, and the object keeps that read.
    expect((await f.call("POST", path, restating(1300))).status).toBe(200);
    // Billed through a plan conserving the restated premium: 1,200.00 for 182 days and 1,300.00 for 183 of
    // 365, (1200 x 182 + 1300 x 183) / 365 = 456,300 / 365 = 1,250.1369... -> 125,014 cents.
    const [, commission] = conservingCreates(f);
    const premium = planInvoice(f, [
      ["Gross premium", 125_014],
      ["Premium tax", 6_000],
    ]);
    await applyPlan(f, policyId, { voidInvoices: [], createInvoices: [premium, commission] });
    expectError(await f.call("POST", path, restating(1400)), 422, "INVOICE_PLAN_REQUIRED");
  });

  it("keeps a policy's invoices from one group to the next, until another exclusive operation runs", async () => {
    const f = await setUpFinancials();
    const { policyId: billed } = await billedPolicy(f);
    const policyId = await newPolicy(f);
    const path = `/policies/${policyId}/transaction/endorse`;
    const restating = (premium: number) =>
      endorseBody("2026-07-02", [{ path: "policy.fullTermPricingInfo", value: restated(premium) }]);
    expect((await f.call("POST", path, restating(1300))).status).toBe(200);
    // Behind the object's back (nothing in the service writes invoices outside it): the billed policy's
    // invoices now name this one. The next group plans from what the object kept, so it does not see them.
    await env.DB.prepare("UPDATE invoices SET entity_id = ? WHERE company_id = ? AND entity_id = ?")
      .bind(policyId, f.company.id, billed)
      .run();
    const kept = await f.call("POST", path, restating(1400));
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json.version).toBe(3);
    // Any other exclusive operation of the company (here a new business) forgets the kept reads.
    await newPolicy(f);
    expectError(await f.call("POST", path, restating(1500)), 422, "INVOICE_PLAN_REQUIRED");
  });

  it("commits the restatement with a plan that conserves the new written premium (worked example)", async () => {
    // Premium 1,200.00 restated to 1,500.00 effective 2026-07-02: 182 days (Jan 1 to Jul 1) at 1,200 and 183
    // days at 1,500 of a 365-day term: (1200 x 182 + 1500 x 183) / 365 = 492,900 / 365 = 1,350.4109... ->
    // 135,041 cents. Taxes (6,000) and broker commission (12,000) are unchanged.
    const f = await setUpFinancials();
    const { policyId, premium, commission } = await billedPolicy(f);
    const deltas = [{ path: "policy.fullTermPricingInfo", value: restated(1500) }];
    const short = {
      keep: [commission.id],
      voidInvoices: [{ invoiceId: premium.id, headJournalId: premium.headJournalId }],
      createInvoices: [
        planInvoice(f, [
          ["Gross premium", 135_040],
          ["Premium tax", 6_000],
        ]),
      ],
    };
    const endorse = (plan: unknown) =>
      f.call(
        "POST",
        `/policies/${policyId}/transaction/endorse`,
        endorseBody("2026-07-02", deltas, { invoicePlan: plan }),
      );
    const gap = expectError(await endorse(short), 422, "INVOICE_PLAN_NOT_CONSERVING");
    expect(gap.details.map((d) => d.field)).toEqual(["Premium"]);
    expect(gap.details[0]?.message).toContain("135040");
    expect(gap.details[0]?.message).toContain("135041");
    expect(await countPolicies(f.company.id)).toEqual({ policies: 1, versions: 1 });

    const conserving = {
      ...short,
      createInvoices: [
        planInvoice(f, [
          ["Gross premium", 135_041],
          ["Premium tax", 6_000],
        ]),
      ],
    };
    const res = await endorse(conserving);
    expect(res.status, res.text).toBe(200);
    expect(res.json.version).toBe(2);
    const invoices = await invoicesOf(f, policyId);
    const created = invoices.find((i) => i.status !== "void" && i.id !== commission.id);
    expect(res.json.invoicePlanResult).toEqual({ voided: [premium.id], created: [must(created).id] });
    expect(invoices.find((i) => i.id === premium.id)?.status).toBe("void");
    expect(must(created).totalCents).toBe(141_041);
    expectBalanced(await balancesOf(f, { entityType: "policy", entityId: policyId }));
  });

  it("a stale head refuses 409 INVOICE_HEAD_STALE and writes neither version nor invoices", async () => {
    const f = await setUpFinancials();
    const { policyId, premium } = await billedPolicy(f);
    const plan = {
      voidInvoices: [{ invoiceId: premium.id, headJournalId: crypto.randomUUID() }],
      createInvoices: [
        planInvoice(f, [
          ["Gross premium", 135_041],
          ["Premium tax", 6_000],
        ]),
      ],
    };
    const body = endorseBody("2026-07-02", [{ path: "policy.fullTermPricingInfo", value: restated(1500) }], {
      invoicePlan: plan,
    });
    expectError(await f.call("POST", `/policies/${policyId}/transaction/endorse`, body), 409, "INVOICE_HEAD_STALE");
    expect(await countPolicies(f.company.id)).toEqual({ policies: 1, versions: 1 });
    expect(await countInvoices(f.company.id)).toBe(2);
  });
});

describe("cancellation and reinstatement", () => {
  it("need no plan; a cancellation's plan conserves the lowered written amounts (worked example)", async () => {
    // Cancelled effective 2026-07-02: 182 of 365 days in force. Premium 1200 x 182 / 365 = 598.3561 -> 59,836;
    // tax 60 x 182 / 365 = 29.9178 -> 2,992; broker 120 x 182 / 365 = 59.8356 -> 5,984 cents.
    const f = await setUpFinancials();
    const { policyId, premium, commission } = await billedPolicy(f);
    const plan = {
      voidInvoices: [
        { invoiceId: premium.id, headJournalId: premium.headJournalId },
        { invoiceId: commission.id, headJournalId: commission.headJournalId },
      ],
      createInvoices: [
        planInvoice(f, [
          ["Gross premium", 59_836],
          ["Premium tax", 2_992],
        ]),
        planInvoice(f, [["Broker commission", 5_984]], {
          invoiceType: "Commission statement",
          payee: { entityType: "organization", entityId: f.organizationId },
        }),
      ],
    };
    const cancelled = await f.call(
      "POST",
      `/policies/${policyId}/transaction/cancel`,
      cancelBody("2026-07-02", { invoicePlan: plan }),
    );
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.invoicePlanResult.voided).toEqual([premium.id, commission.id]);
    expect(cancelled.json.invoicePlanResult.created).toHaveLength(2);
    // Reinstated without a plan: allowed, though the policy no longer conserves until its next plan.
    const reinstated = await f.call("POST", `/policies/${policyId}/transaction/reinstate`, reinstateBody());
    expect(reinstated.status, reinstated.text).toBe(200);
    expect(reinstated.json.invoicePlanResult).toBeUndefined();
  });
});

describe("access to a transaction's plan (403 before 404; gate)", () => {
  it("needs invoice.edit and policy financials on, and refuses before looking the policy up", async () => {
    const f = await setUpFinancials();
    const policyId = await newPolicy(f);
    const endorser = await f.company.key([], ["policy.endorse", "policy.create"]);
    const plan = { voidInvoices: [], createInvoices: [] };
    const endorse = (id: string, key?: string) =>
      f.call(
        "POST",
        `/policies/${id}/transaction/endorse`,
        endorseBody("2026-07-02", [{ path: "policy.limit", value: 5 }], { invoicePlan: plan }),
        key,
      );
    expectError(await endorse(policyId, endorser), 403, "AuthorizationError");
    expectError(await endorse(crypto.randomUUID(), endorser), 403, "AuthorizationError");
    const start = await f.call(
      "POST",
      "/policies/transaction/new-business",
      newBusinessBody({}, { invoicePlan: plan }),
      endorser,
    );
    expectError(start, 403, "AuthorizationError");
    expectError(await endorse(crypto.randomUUID()), 404, "NotFoundError");

    await staff("PATCH", `/admin/companies/${f.company.id}`, { features: { policyFinancials: false } });
    expectError(
      await endorse(policyId),
      403,
      "AuthorizationError",
      "Policy financials are not enabled for this company",
    );
    // Off, a restatement needs no plan (none could be given).
    const body = endorseBody("2026-07-02", [{ path: "policy.fullTermPricingInfo", value: restated(1500) }]);
    expect((await f.call("POST", `/policies/${policyId}/transaction/endorse`, body)).status).toBe(200);
    expect(await countPolicies(f.company.id)).toEqual({ policies: 1, versions: 2 });
  });

  it("refuses a malformed plan 400 naming it, writing nothing", async () => {
    const f = await setUpFinancials();
    const policyId = await newPolicy(f);
    const bad = { invoicePlan: { creates: [] } };
    const start = await f.call("POST", "/policies/transaction/new-business", newBusinessBody({}, bad));
    expect(expectError(start, 400, "InvalidPolicyData").details.map((d) => d.field)).toEqual([
      "invoicePlan.voidInvoices",
      "invoicePlan.createInvoices",
      "invoicePlan.creates",
    ]);
    const cancel = await f.call("POST", `/policies/${policyId}/transaction/cancel`, cancelBody("2026-02-01", bad));
    expect(
      expectError(cancel, 400, "VALIDATION_ERROR")
        .details.map((d) => d.field)
        .join(),
    ).toContain("invoicePlan");
    expect(await countPolicies(f.company.id)).toEqual({ policies: 1, versions: 1 });
  });
});
