import { describe, expect, it } from "vitest";
import { balancesOf, categoryNamed, day, expectBalanced, PRICED, setUpFinancials } from "./helpers";
import { applyPlan, batchPath, newPolicy, planInvoice } from "./plan-helpers";

/**
 * Money writes of one company run one at a time in its company object (CONTRACT section 7): 50 payments
 * and plan changes fired at one policy's invoices at once lose nothing and count nothing twice.
 */
describe("concurrent payments and plan changes on one policy", () => {
  it("keep the ledger balanced, every payment counted once and the policy conserving", async () => {
    const f = await setUpFinancials();
    const policyId = await newPolicy(f);
    // Premium in four installments of 30,000 + 1,500 tax, and the commission statement.
    const installments = [0, 1, 2, 3].map((k) =>
      planInvoice(
        f,
        [
          ["Gross premium", 30_000],
          ["Premium tax", 1_500],
        ],
        { dueDate: day(`2026-0${k + 2}-01`) },
      ),
    );
    const commission = planInvoice(f, [["Broker commission", 12_000]], { invoiceType: "Commission statement" });
    const { created } = await applyPlan(f, policyId, {
      voidInvoices: [],
      createInvoices: [...installments, commission],
    });
    const premiums = created.slice(0, 4);

    // 44 payments of 700 spread over the installments (11 each: 7,700 of 31,500), and 6 plans, each trying to
    // replace one installment by two halves (only one per unpaid installment can win, and paid ones refuse).
    const payments = Array.from({ length: 44 }, (_, i) =>
      f.call("POST", `/financials/invoices/${premiums[i % 4].id}/payments`, { amountCents: 700 }),
    );
    const plans = Array.from({ length: 6 }, (_, i) => {
      const target = premiums[i % 4];
      return f.call("POST", batchPath(policyId), {
        voidInvoices: [{ invoiceId: target.id, headJournalId: target.headJournalId }],
        createInvoices: [0, 1].map(() =>
          planInvoice(f, [
            ["Gross premium", 15_000],
            ["Premium tax", 750],
          ]),
        ),
      });
    });
    const answers = await Promise.all([...payments, ...plans]);
    const paymentAnswers = answers.slice(0, 44);
    const planAnswers = answers.slice(44);
    // A payment lands unless a plan voided its installment first (then 409); a plan wins only while its
    // installment is unpaid and at the head it cites (else 422 or 409).
    for (const res of paymentAnswers) expect([201, 409], res.text).toContain(res.status);
    for (const res of planAnswers) expect([200, 409, 422], res.text).toContain(res.status);
    // Two plans cite the same installments at the same head: at most one of each pair can win.
    expect(planAnswers.filter((r) => r.status !== 200).length).toBeGreaterThanOrEqual(2);

    const landed = paymentAnswers.filter((r) => r.status === 201).map((r) => r.json.payment);
    expect(new Set(landed.map((p: any) => p.paymentId)).size).toBe(landed.length);
    const invoices = (await f.call("GET", `/financials/invoices?entityType=policy&entityId=${policyId}&pageSize=500`))
      .json.items;
    const paidOnInvoices = invoices.reduce((sum: number, i: any) => sum + i.paidCents, 0);
    expect(paidOnInvoices).toBe(landed.length * 700);
    for (const invoice of invoices) {
      const own = landed.filter((p: any) => p.invoiceId === invoice.id);
      expect(invoice.paidCents).toBe(own.length * 700);
      expect(invoice.payments.map((p: any) => p.paymentId).sort()).toEqual(own.map((p: any) => p.paymentId).sort());
    }
    // Receivable premium paid in: cash up by every landed payment, once.
    const global = await balancesOf(f);
    expect(global.cash.amountCents).toBe(landed.length * 700);
    expectBalanced(global);
    const policy = await balancesOf(f, { entityType: "policy", entityId: policyId });
    expectBalanced(policy);
    expect(categoryNamed(policy, "Premium").paidCents).toBe(landed.length * 700);
    // Still conserving: the active invoices bill exactly the priced premium and tax.
    const active = invoices.filter((i: any) => i.status !== "void" && i.categoryId === f.ids.categories.Premium);
    const billed = active.flatMap((i: any) => i.lineItems).reduce((sum: number, l: any) => sum + l.amountCents, 0);
    expect(billed).toBe(PRICED.Premium + PRICED.Taxes);
    // The journal: every entry balanced, one payment_recorded per landed payment.
    const journal = (await f.call("GET", "/financials/journal?pageSize=500")).json.items;
    expect(journal.filter((e: any) => e.kind === "payment_recorded")).toHaveLength(landed.length);
    for (const entry of journal) {
      const total = (side: string) =>
        entry.lines.filter((l: any) => l.side === side).reduce((sum: number, l: any) => sum + l.amountCents, 0);
      expect(total("debit")).toBe(total("credit"));
    }
  });
});
