import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type InvoiceLedgerState,
  invoiceContributions,
  invoiceStatus,
  movementsToTarget,
} from "../../../worker/domain/financials/invoice-ledger";
import {
  type AccountRole,
  CASH,
  carriedAmount,
  carryingSide,
  imbalanceOf,
  linesOf,
  type Movement,
  netDebitOf,
  reservesAccount,
  unpaidAccount,
} from "../../../worker/domain/financials/ledger";
import {
  directPayment,
  erosion,
  erosionOf,
  reservesChange,
  restorationOf,
} from "../../../worker/domain/financials/reserves";

/** The ledger core (CONTRACT section 7.3): carrying sides, balanced lines, invoice targets. */

const INDEMNITY = { id: "cat-1", expectedDirection: "payable" as const };

describe("carrying sides (role x direction)", () => {
  it("follow the table: cash and the expense side debit for payables, the income side credit for receivables", () => {
    const table: Array<[AccountRole, "payable" | "receivable" | null, "debit" | "credit"]> = [
      ["cash", null, "debit"],
      ["line_item", "payable", "debit"],
      ["unpaid", "payable", "debit"],
      ["additional", "payable", "debit"],
      ["payable", "payable", "credit"],
      ["reserves", "payable", "credit"],
      ["receivable", "receivable", "debit"],
      ["reserves", "receivable", "debit"],
      ["line_item", "receivable", "credit"],
      ["unpaid", "receivable", "credit"],
      ["additional", "receivable", "credit"],
    ];
    for (const [role, direction, side] of table)
      expect(carryingSide(role, direction), `${role}/${direction}`).toBe(side);
  });

  it("reads amounts on the carrying side: cash after paying out is negative", () => {
    expect(carriedAmount("cash", null, -2_000)).toBe(-2_000);
    expect(carriedAmount("reserves", "payable", -5_000)).toBe(5_000);
  });
});

describe("lines of movements", () => {
  it("post a negative amount's absolute value on the other side and no line for zero", () => {
    // Reserves lowered by 300 on a payable category: Dr reserves 300 / Cr unpaid 300.
    const lines = linesOf([...reservesChange(INDEMNITY, -300), { account: CASH, amountCents: 0 }]);
    expect(lines.map((l) => [l.account.role, l.side, l.amountCents])).toEqual([
      ["unpaid", "credit", 300],
      ["reserves", "debit", 300],
    ]);
  });

  it("merge movements of one account", () => {
    const lines = linesOf([
      { account: unpaidAccount(INDEMNITY), amountCents: 500 },
      { account: unpaidAccount(INDEMNITY), amountCents: -200 },
      { account: reservesAccount(INDEMNITY), amountCents: 300 },
    ]);
    expect(lines.map((l) => [l.account.role, l.side, l.amountCents])).toEqual([
      ["unpaid", "debit", 300],
      ["reserves", "credit", 300],
    ]);
  });

  it("of every posting rule balance, for any amount", () => {
    const receivable = { id: "cat-2", expectedDirection: "receivable" as const };
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(INDEMNITY, receivable), (cents, category) => {
        for (const movements of [
          reservesChange(category, cents),
          erosion(category, cents),
          directPayment(category, cents),
        ])
          expect(imbalanceOf(linesOf(movements))).toBe(0);
      }),
    );
  });
});

describe("erosion and restoration", () => {
  it("erodes at most the reserves left, never below zero", () => {
    expect(erosionOf(30_000, 100_000)).toBe(30_000);
    expect(erosionOf(30_000, 10_000)).toBe(10_000);
    expect(erosionOf(30_000, 0)).toBe(0);
    expect(erosionOf(30_000, -5)).toBe(0);
  });

  it("gives back what was eroded, or the whole payment when the expected total was set since", () => {
    expect(restorationOf({ amountCents: 30_000, erodedCents: 10_000 }, false)).toBe(10_000);
    expect(restorationOf({ amountCents: 30_000, erodedCents: 10_000 }, true)).toBe(30_000);
  });
});

const stateArb = fc.record({
  categoryId: fc.constant("cat-1"),
  direction: fc.constantFrom("payable" as const, "receivable" as const),
  lines: fc.array(
    fc.record({ lineItemTypeId: fc.constantFrom("t1", "t2", "t3"), amountCents: fc.integer({ min: 0, max: 1e9 }) }),
    { minLength: 1, maxLength: 6 },
  ),
  voided: fc.boolean(),
  paidFraction: fc.double({ min: 0, max: 1, noNaN: true }),
});

type RawState = typeof stateArb extends fc.Arbitrary<infer T> ? T : never;

/** A state whose paid amount is a fraction of its total (nothing paid on a void invoice). */
const stateOf = ({ paidFraction, ...s }: RawState): InvoiceLedgerState => {
  const total = s.lines.reduce((sum, l) => sum + l.amountCents, 0);
  return { ...s, paidCents: s.voided || total === 0 ? 0 : Math.floor(total * paidFraction) };
};

describe("invoice targets", () => {
  it("leave each leaf at its lines and each twin at its lines less their paid shares, worked by hand", () => {
    // Payable: lines t1 300, t2 100, t1 200 (T = 600), 300 paid. Prefixes 300, 400, 600:
    // floor(300*300/600) = 150, floor(300*400/600) = 200, 300 → shares 150, 50, 100.
    // t1: leaf 500, paid 250, twin 250. t2: leaf 100, paid 50, twin 50.
    const state: InvoiceLedgerState = {
      categoryId: "cat-1",
      direction: "payable",
      lines: [
        { lineItemTypeId: "t1", amountCents: 300 },
        { lineItemTypeId: "t2", amountCents: 100 },
        { lineItemTypeId: "t1", amountCents: 200 },
      ],
      paidCents: 300,
      voided: false,
    };
    expect(invoiceContributions(state).map((m) => [m.account.key, m.amountCents])).toEqual([
      ["line_item/t1", 500],
      ["payable/t1", 250],
      ["line_item/t2", 100],
      ["payable/t2", 50],
    ]);
    // Created then paid 300 in one go: cash falls by 300 (money out).
    const lines = linesOf(movementsToTarget(null, state));
    expect(imbalanceOf(lines)).toBe(0);
    expect(lines.find((l) => l.account.role === "cash")).toMatchObject({ side: "credit", amountCents: 300 });
  });

  it("balance between any two states, and any sequence ends at the last state's contributions", () => {
    fc.assert(
      fc.property(fc.array(stateArb, { minLength: 1, maxLength: 8 }), (raw) => {
        const states = raw.map(stateOf).map((s) => ({ ...s, direction: raw[0]?.direction ?? "payable" }));
        const all: Movement[] = [];
        let before: InvoiceLedgerState | null = null;
        for (const state of [...states, null]) {
          const movements = movementsToTarget(before, state);
          expect(imbalanceOf(linesOf(movements))).toBe(0);
          all.push(...movements);
          before = state;
        }
        // Telescoping: after the invoice goes, every line item and twin account is back at zero.
        const net = new Map<string, number>();
        for (const line of linesOf(all)) if (line.account.role !== "cash") net.set(line.account.key, netDebitOf(line));
        expect([...net.values()].every((v) => v === 0)).toBe(true);
      }),
    );
  });

  it("give statuses by absolute values", () => {
    expect(invoiceStatus(1_000, 0, false)).toBe("owed");
    expect(invoiceStatus(1_000, 400, false)).toBe("partially_paid");
    expect(invoiceStatus(1_000, 1_000, false)).toBe("paid");
    expect(invoiceStatus(-1_000, -400, false)).toBe("partially_paid");
    expect(invoiceStatus(-1_000, -1_000, false)).toBe("paid");
    expect(invoiceStatus(1_000, 0, true)).toBe("void");
  });
});
