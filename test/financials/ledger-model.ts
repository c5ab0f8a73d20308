/**
 * A small reference model of the financials rules (CONTRACT section 7) for the ledger auditor: what each
 * operation must answer and what every invoice, event and the company must hold afterwards. It knows
 * nothing of accounts or journal lines: it keeps amounts the way a claims handler would.
 */

export type Direction = "payable" | "receivable";

export interface ModelType {
  name: string;
  category: string;
  direction: Direction;
}

/** The line item types the auditor uses, by category. */
export const TYPES: Record<string, ModelType> = {
  "Indemnity payment": { name: "Indemnity payment", category: "Indemnity", direction: "payable" },
  "Legal fee": { name: "Legal fee", category: "Indemnity", direction: "payable" },
  "Adjuster fee": { name: "Adjuster fee", category: "Expense", direction: "payable" },
  Subrogation: { name: "Subrogation", category: "Recovery", direction: "receivable" },
  "Gross premium": { name: "Gross premium", category: "Premium", direction: "receivable" },
  "Premium tax": { name: "Premium tax", category: "Premium", direction: "receivable" },
  "Broker commission": { name: "Broker commission", category: "Commission", direction: "payable" },
};

export const CATEGORY_DIRECTION: Record<string, Direction> = {
  Indemnity: "payable",
  Expense: "payable",
  Recovery: "receivable",
  Premium: "receivable",
  Commission: "payable",
};
export const RESERVED = new Set(["Indemnity", "Recovery"]);

export interface ModelLine {
  type: string;
  amountCents: number;
}

export interface ModelInvoice {
  id: string;
  entity: { type: "event"; index: number } | { type: "policy" };
  category: string;
  lines: ModelLine[];
  paidCents: number;
  voided: boolean;
  payments: string[];
}

export interface ModelPayment {
  id: string;
  invoiceId: string | null;
  /** The event it was paid on (direct, or an event invoice's), else null. */
  event: number | null;
  category: string;
  amountCents: number;
  erodedCents: number;
  /** The step it was recorded at. */
  step: number;
}

export const totalOf = (lines: readonly ModelLine[]) => lines.reduce((sum, l) => sum + l.amountCents, 0);

export function statusOf(invoice: ModelInvoice): string {
  if (invoice.voided) return "void";
  if (invoice.paidCents === 0) return "owed";
  return Math.abs(invoice.paidCents) >= Math.abs(totalOf(invoice.lines)) ? "paid" : "partially_paid";
}

const key = (event: number, category: string) => `${event}|${category}`;

export class LedgerModel {
  readonly invoices = new Map<string, ModelInvoice>();
  readonly payments = new Map<string, ModelPayment>();
  private readonly reserves = new Map<string, number>();
  /** The step of the last expected-total change that moved the reserves, per event and category. */
  private readonly lastSet = new Map<string, number>();
  step = 0;

  reservesOf(event: number, category: string): number {
    return this.reserves.get(key(event, category)) ?? 0;
  }

  /** What is paid in a category on an event: its invoices' paid amounts plus its direct payments. */
  paidOf(event: number, category: string): number {
    let paid = 0;
    for (const p of this.payments.values()) if (p.event === event && p.category === category) paid += p.amountCents;
    return paid;
  }

  owedOf(event: number, category: string): number {
    let owed = 0;
    for (const i of this.invoices.values()) {
      if (i.entity.type === "event" && i.entity.index === event && i.category === category && !i.voided)
        owed += totalOf(i.lines) - i.paidCents;
    }
    return owed;
  }

  /** Setting the expected total: refused below what is paid; true when the reserves moved. */
  setExpectedTotal(event: number, category: string, expected: number): "ok" | "below-paid" {
    const paid = this.paidOf(event, category);
    if (expected < paid) return "below-paid";
    const before = this.reservesOf(event, category);
    const after = expected - paid;
    this.reserves.set(key(event, category), after);
    if (after !== before) this.lastSet.set(key(event, category), this.step);
    return "ok";
  }

  /** A payment erodes at most the reserves left in a reserved category on an event. */
  private erode(event: number | null, category: string, amount: number): number {
    if (event === null || !RESERVED.has(category)) return 0;
    const before = this.reservesOf(event, category);
    const eroded = Math.max(0, Math.min(amount, before));
    this.reserves.set(key(event, category), before - eroded);
    return eroded;
  }

  recordPayment(id: string, invoice: ModelInvoice | null, event: number | null, category: string, amount: number) {
    const paymentEvent = invoice ? (invoice.entity.type === "event" ? invoice.entity.index : null) : event;
    const erodedCents = this.erode(paymentEvent, category, amount);
    this.payments.set(id, {
      id,
      invoiceId: invoice?.id ?? null,
      event: paymentEvent,
      category,
      amountCents: amount,
      erodedCents,
      step: this.step,
    });
    if (invoice) {
      invoice.paidCents += amount;
      invoice.payments.push(id);
    }
  }

  /** Deleting gives back what it eroded, or all of it when the expected total was set after it. */
  deletePayment(id: string) {
    const payment = this.payments.get(id);
    if (!payment) return;
    this.payments.delete(id);
    if (payment.event !== null && RESERVED.has(payment.category)) {
      const setSince = (this.lastSet.get(key(payment.event, payment.category)) ?? -1) > payment.step;
      const restore = setSince ? payment.amountCents : payment.erodedCents;
      this.reserves.set(
        key(payment.event, payment.category),
        this.reservesOf(payment.event, payment.category) + restore,
      );
    }
    const invoice = payment.invoiceId ? this.invoices.get(payment.invoiceId) : undefined;
    if (invoice) {
      invoice.paidCents -= payment.amountCents;
      invoice.payments = invoice.payments.filter((p) => p !== id);
    }
  }

  deleteInvoice(id: string) {
    const invoice = this.invoices.get(id);
    if (!invoice) return;
    for (const payment of [...invoice.payments]) this.deletePayment(payment);
    this.invoices.delete(id);
  }

  /** Cash: money out of payable categories, in to receivable ones. */
  cash(): number {
    let cash = 0;
    for (const p of this.payments.values()) {
      cash += CATEGORY_DIRECTION[p.category] === "payable" ? -p.amountCents : p.amountCents;
    }
    return cash;
  }

  activePolicyInvoices(): ModelInvoice[] {
    return [...this.invoices.values()].filter((i) => i.entity.type === "policy" && !i.voided);
  }
}
