import { expect } from "vitest";
import { newBusinessBody } from "../policies/helpers";
import { must } from "../support/must";
import { day, type FinancialsFixture, PLAN_PRICING } from "./helpers";

/** A new policy with the plan pricing (Premium 1,200.00, Taxes 60.00, Broker 120.00 on a full year). */
export async function newPolicy(f: FinancialsFixture, pricing: object = PLAN_PRICING): Promise<string> {
  const res = await f.call(
    "POST",
    "/policies/transaction/new-business",
    newBusinessBody({ fullTermPricingInfo: pricing }),
  );
  expect(res.status, res.text).toBe(200);
  return must(res.json.policyId) as string;
}

/** A plan create entry of one invoice type with lines by type name. */
export function planInvoice(
  f: FinancialsFixture,
  lines: Array<[type: string, cents: number]>,
  extra: Record<string, unknown> = {},
) {
  return {
    invoiceType: "Premium invoice",
    issueDate: day("2026-01-01"),
    dueDate: day("2026-01-31"),
    payee: { entityType: "person", entityId: f.personId },
    lineItems: lines.map(([type, amountCents]) => ({ lineItemTypeId: must(f.ids.types[type]), amountCents })),
    ...extra,
  };
}

/** The plan that bills the whole plan pricing: premium and tax to the insured, commission to the broker. */
export function conservingCreates(f: FinancialsFixture) {
  return [
    planInvoice(f, [
      ["Gross premium", 120_000],
      ["Premium tax", 6_000],
    ]),
    planInvoice(f, [["Broker commission", 12_000]], {
      invoiceType: "Commission statement",
      payee: { entityType: "organization", entityId: f.organizationId },
    }),
  ];
}

export const batchPath = (policyId: string) => `/financials/policies/${policyId}/invoices/batch`;

/** Applies a plan, asserting 200. */
export async function applyPlan(f: FinancialsFixture, policyId: string, plan: unknown) {
  const res = await f.call("POST", batchPath(policyId), plan);
  expect(res.status, res.text).toBe(200);
  return res.json;
}

/** A policy billed in full by a plan; returns its premium invoice. */
export async function policyInvoice(f: FinancialsFixture) {
  const policyId = await newPolicy(f);
  const result = await applyPlan(f, policyId, { voidInvoices: [], createInvoices: conservingCreates(f) });
  return { ...result.created[0], policyId };
}
