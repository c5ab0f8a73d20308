import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endorseBody } from "../policies/helpers";
import { setRequestBudget } from "../support/harness";
import { must } from "../support/must";
import {
  categoryNamed,
  day,
  expectBalanced,
  type FinancialsFixture,
  PLAN_PRICING,
  PRICED,
  setUpFinancials,
} from "./helpers";
import {
  CATEGORY_DIRECTION,
  LedgerModel,
  type ModelInvoice,
  type ModelLine,
  RESERVED,
  statusOf,
  TYPES,
  totalOf,
} from "./ledger-model";
import { newPolicy } from "./plan-helpers";

/**
 * The ledger auditor (issue 13, in the style of TigerBeetle's): long random sequences of financial
 * operations (reserves, direct payments, invoices, changes, voids, deletions, payments, payment deletions,
 * invoice plans, through the batch route or riding on an endorsement) run through HTTP against one company and, step by step, against a small reference model.
 * After every step: every scope's debit-carrying sum equals its credit-carrying sum, no posted entry ever
 * changed or went, every invoice's paid, owed and status match the model, every event's reserves, paid and
 * owed figures and the company's cash match it, and a policy with active invoices conserves its pricing.
 * `npm test` runs a bounded number; `npm run audit:ledger` a long run (AUDIT_LEDGER_RUNS, AUDIT_LEDGER_STEPS).
 */

const settings = env as unknown as Record<string, string>;
// `npm test`'s run: 10 sequences of 30 to 60 steps (about 30 s). 3 of up to 25 caught a planted fault in the
// kept event balances 1 time in 4; 10 of up to 60 caught it 5 times in 7. `npm run audit:ledger` runs 100.
const RUNS = Number(settings.AUDIT_LEDGER_RUNS || 10);
const STEPS = Number(settings.AUDIT_LEDGER_STEPS || 60);
const SEED = settings.AUDIT_LEDGER_SEED;
/** With the seed, the path fast-check reported replays its counterexample at once. */
const PATH = settings.AUDIT_LEDGER_PATH;
/**
 * How long shrinking a failure may go on. Each candidate sequence replays through HTTP on a new company, so
 * shrinking a 60-step failure fully can take hours (a long run with a planted fault ran 29 minutes without
 * ending); past the budget, the smallest failing sequence found so far is reported with its seed and path.
 */
const SHRINK_MS = Number(settings.AUDIT_LEDGER_SHRINK_MINUTES || 3) * 60_000;

const EVENT_CATEGORIES = {
  Indemnity: ["Indemnity payment", "Legal fee"],
  Expense: ["Adjuster fee"],
  Recovery: ["Subrogation"],
};
type EventCategory = keyof typeof EVENT_CATEGORIES;
const eventCategory = fc.constantFrom<EventCategory>("Indemnity", "Expense", "Recovery");
const lines = fc.array(fc.tuple(fc.nat(1), fc.integer({ min: 0, max: 5_000 })), { minLength: 1, maxLength: 3 });

// Weighted towards the operations that move money, so reserves, payments and their deletions meet often.
/** True one time in `n`. */
const sometimes = (n: number) => fc.nat(n - 1).map((k) => k === 0);
const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });
const operation = fc.oneof(
  weighted(
    3,
    fc.record({
      op: fc.constant("reserves" as const),
      event: fc.nat(1),
      category: fc.constantFrom<EventCategory>("Indemnity", "Indemnity", "Recovery"),
      expected: fc.integer({ min: 0, max: 20_000 }),
      stale: sometimes(5),
    }),
  ),
  weighted(
    3,
    fc.record({
      op: fc.constant("direct" as const),
      event: fc.nat(1),
      category: eventCategory,
      amount: fc.integer({ min: 1, max: 8_000 }),
      payee: fc.boolean(),
    }),
  ),
  weighted(3, fc.record({ op: fc.constant("invoice" as const), event: fc.nat(1), category: eventCategory, lines })),
  weighted(1, fc.record({ op: fc.constant("relines" as const), pick: fc.nat(), category: eventCategory, lines })),
  weighted(1, fc.record({ op: fc.constant("redate" as const), pick: fc.nat() })),
  weighted(1, fc.record({ op: fc.constant("void" as const), pick: fc.nat() })),
  weighted(1, fc.record({ op: fc.constant("delete" as const), pick: fc.nat() })),
  weighted(
    3,
    // `again`: the invoice the run last created or paid, which the company object keeps (a payment reading
    // nothing); `times` payments on it in a row (the later ones on what the object kept).
    fc.record({
      op: fc.constant("pay" as const),
      pick: fc.nat(),
      amount: fc.nat(),
      over: sometimes(6),
      again: fc.boolean(),
      times: fc.integer({ min: 1, max: 3 }),
    }),
  ),
  weighted(3, fc.record({ op: fc.constant("unpay" as const), pick: fc.nat() })),
  weighted(
    2,
    fc.record({
      op: fc.constant("plan" as const),
      voids: fc.nat(),
      parts: fc.integer({ min: 1, max: 3 }),
      credit: fc.nat(3_000),
      off: sometimes(4),
      keep: fc.boolean(),
      // The plan rides on an endorsement that leaves pricing alone (CONTRACT 7.7: version and plan in one batch).
      viaEndorse: fc.boolean(),
    }),
  ),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

interface Run {
  f: FinancialsFixture;
  model: LedgerModel;
  policyId: string;
  events: string[];
  /** Every entry seen so far, as first read. */
  journal: Map<string, string>;
  /** The invoice the run last created or paid. */
  recent?: string | undefined;
}

const pickFrom = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

const INVOICE_TYPE: Record<string, string> = {
  Indemnity: "Claim invoice",
  Expense: "Claim invoice",
  Recovery: "Claim invoice",
  Premium: "Premium invoice",
  Commission: "Commission statement",
};

function linesFor(category: EventCategory, raw: Array<[number, number]>): ModelLine[] {
  const types = EVENT_CATEGORIES[category];
  return raw.map(([t, amountCents]) => ({ type: must(types[t % types.length]), amountCents }));
}

const lineBody = (run: Run, list: readonly ModelLine[]) =>
  list.map((l) => ({ lineItemTypeId: must(run.f.ids.types[l.type]), amountCents: l.amountCents }));

/** One operation through HTTP and in the model; the answer must be the one the model expects. */
async function apply(run: Run, o: Operation): Promise<void> {
  const { f, model } = run;
  model.step += 1;
  const invoices = [...model.invoices.values()];
  if (o.op === "reserves") {
    const categoryId = must(f.ids.categories[o.category]);
    const current = model.paidOf(o.event, o.category) + model.reservesOf(o.event, o.category);
    const path = `/financials/events/${run.events[o.event]}/reserves/${categoryId}`;
    if (o.stale) {
      const res = await f.call("PUT", path, { expectedTotalCents: o.expected, currentExpectedTotalCents: current + 1 });
      expect(res.status, res.text).toBe(409);
      return;
    }
    const outcome = model.setExpectedTotal(o.event, o.category, o.expected);
    const res = await f.call("PUT", path, { expectedTotalCents: o.expected, currentExpectedTotalCents: current });
    expect(res.status, res.text).toBe(outcome === "ok" ? 200 : 422);
    if (outcome === "ok") expect(res.json.reservesCents).toBe(model.reservesOf(o.event, o.category));
  } else if (o.op === "direct") {
    const payee = o.payee ? { entityType: "person", entityId: f.personId } : undefined;
    const res = await f.call("POST", `/financials/events/${run.events[o.event]}/payments`, {
      categoryId: f.ids.categories[o.category],
      amountCents: o.amount,
      payee,
    });
    expect(res.status, res.text).toBe(201);
    model.recordPayment(res.json.paymentId, null, o.event, o.category, o.amount);
  } else if (o.op === "invoice") {
    const list = linesFor(o.category, o.lines);
    const res = await f.call("POST", "/financials/invoices", {
      entityType: "event",
      entityId: run.events[o.event],
      invoiceType: "Claim invoice",
      dueDate: day("2026-12-31"),
      payee: { entityType: "person", entityId: f.personId },
      lineItems: lineBody(run, list),
    });
    expect(res.status, res.text).toBe(totalOf(list) > 0 ? 201 : 422);
    if (res.status === 201) {
      run.recent = res.json.id;
      const entity = { type: "event" as const, index: o.event };
      model.invoices.set(res.json.id, {
        id: res.json.id,
        entity,
        category: o.category,
        lines: list,
        paidCents: 0,
        voided: false,
        payments: [],
      });
    }
  } else if (o.op === "relines" || o.op === "redate") {
    const invoice = pickFrom(invoices, o.pick);
    if (!invoice) return;
    const list = o.op === "relines" ? linesFor(o.category, o.lines) : invoice.lines;
    const body =
      o.op === "relines" ? { lineItems: lineBody(run, list) } : { dueDate: day(`2026-0${1 + (model.step % 9)}-15`) };
    const category = o.op === "relines" ? o.category : invoice.category;
    const total = totalOf(list);
    const expected =
      invoice.entity.type === "policy" && o.op === "relines"
        ? 422
        : invoice.voided
          ? 409
          : o.op === "redate"
            ? 200
            : total <= 0 || (invoice.paidCents !== 0 && (category !== invoice.category || total < invoice.paidCents))
              ? 422
              : 200;
    const res = await f.call("PATCH", `/financials/invoices/${invoice.id}`, body);
    expect(res.status, res.text).toBe(expected);
    if (res.status === 200) Object.assign(invoice, { lines: list, category });
  } else if (o.op === "void") {
    const invoice = pickFrom(invoices, o.pick);
    if (!invoice) return;
    const expected = invoice.entity.type === "policy" ? 422 : invoice.voided || invoice.payments.length ? 409 : 200;
    const res = await f.call("POST", `/financials/invoices/${invoice.id}/void`, {});
    expect(res.status, res.text).toBe(expected);
    if (expected === 200) invoice.voided = true;
  } else if (o.op === "delete") {
    const invoice = pickFrom(invoices, o.pick);
    if (!invoice) return;
    const res = await f.call("DELETE", `/financials/invoices/${invoice.id}`);
    expect(res.status, res.text).toBe(invoice.entity.type === "policy" ? 422 : 204);
    if (res.status === 204) model.deleteInvoice(invoice.id);
  } else if (o.op === "pay") {
    const invoice = (o.again && run.recent && model.invoices.get(run.recent)) || pickFrom(invoices, o.pick);
    if (!invoice) return;
    // A run of payments on one invoice (installments), the refused overpayment, if any, last.
    for (let k = 1; k <= o.times; k++) {
      const over = o.over && k === o.times;
      const owed = totalOf(invoice.lines) - invoice.paidCents;
      const sign = Math.sign(totalOf(invoice.lines));
      if (!invoice.voided && !over && owed === 0) return;
      const amount = over || invoice.voided ? owed + sign : sign * (1 + ((o.amount * k) % Math.abs(owed)));
      const res = await f.call("POST", `/financials/invoices/${invoice.id}/payments`, { amountCents: amount });
      expect(res.status, res.text).toBe(invoice.voided ? 409 : over ? 422 : 201);
      if (res.status !== 201) return;
      model.recordPayment(res.json.payment.paymentId, invoice, null, invoice.category, amount);
      run.recent = invoice.id;
    }
  } else if (o.op === "unpay") {
    const payment = pickFrom([...model.payments.values()], o.pick);
    if (!payment) return;
    const res = await f.call("DELETE", `/financials/payments/${payment.id}`);
    expect(res.status, res.text).toBe(204);
    model.deletePayment(payment.id);
  } else await applyPlan(run, o);
}

/** Splits lines into up to `parts` invoices, evenly in cents (the remainder on the first); empty parts go. */
function split(list: readonly ModelLine[], parts: number): ModelLine[][] {
  const out: ModelLine[][] = Array.from({ length: parts }, () => []);
  for (const line of list) {
    const share = Math.trunc(line.amountCents / parts);
    out.forEach((part, k) => {
      part.push({ type: line.type, amountCents: share + (k === 0 ? line.amountCents - share * parts : 0) });
    });
  }
  return out.filter((part) => totalOf(part) !== 0);
}

/** The most entries each list of an invoice plan may hold (`keep`, `voidInvoices`, `createInvoices`). */
const PLAN_LIST_BOUND = 100;

/** A plan that keeps the policy conserving (or, when `off`, misses by a cent and must change nothing). */
async function applyPlan(run: Run, o: Extract<Operation, { op: "plan" }>) {
  const { f, model } = run;
  const active = model.activePolicyInvoices();
  const voidable = active.filter((i) => i.payments.length === 0);
  const voided = active.length ? voidable.filter((_, k) => (o.voids >> k) & 1) : [];
  const sources: Array<{ category: string; lines: ModelLine[] }> = active.length
    ? voided.map((i) => ({ category: i.category, lines: i.lines }))
    : [
        {
          category: "Premium",
          lines: [
            { type: "Gross premium", amountCents: PRICED.Premium + o.credit },
            { type: "Premium tax", amountCents: PRICED.Taxes },
          ],
        },
        ...(o.credit ? [{ category: "Premium", lines: [{ type: "Gross premium", amountCents: -o.credit }] }] : []),
        { category: "Commission", lines: [{ type: "Broker commission", amountCents: PRICED.BrokerCommission }] },
      ];
  const creates = sources.flatMap((s) => split(s.lines, o.parts).map((lines) => ({ category: s.category, lines })));
  const first = creates[0]?.lines[0];
  if (o.off && first) first.amountCents += 1;
  const voidedIds = new Set(voided.map((i) => i.id));
  const plan = {
    ...(o.keep ? { keep: active.filter((i) => !voidedIds.has(i.id)).map((i) => i.id) } : {}),
    voidInvoices: await Promise.all(
      voided.map(async (i) => ({
        invoiceId: i.id,
        headJournalId: (await f.call("GET", `/financials/invoices/${i.id}`)).json.headJournalId,
      })),
    ),
    createInvoices: creates.map((c) => ({
      invoiceType: INVOICE_TYPE[c.category],
      issueDate: day("2026-01-01"),
      dueDate: day("2026-02-01"),
      payee:
        c.category === "Commission"
          ? { entityType: "organization", entityId: f.organizationId }
          : { entityType: "person", entityId: f.personId },
      lineItems: lineBody(run, c.lines),
    })),
  };
  const versionBefore = await policyVersion(run);
  const res = o.viaEndorse
    ? await f.call(
        "POST",
        `/policies/${run.policyId}/transaction/endorse`,
        endorseBody("2026-03-01", [{ path: "policy.limit", value: model.step }], { invoicePlan: plan }),
      )
    : await f.call("POST", `/financials/policies/${run.policyId}/invoices/batch`, plan);
  // A plan listing more than the request bound in any list is refused before it is read (a long sequence's
  // policy can hold enough active invoices for that).
  const overBound = [plan.keep ?? [], plan.voidInvoices, plan.createInvoices].some(
    (list) => list.length > PLAN_LIST_BOUND,
  );
  const conserving = !(o.off && first);
  const accepted = conserving && !overBound;
  expect(res.status, res.text).toBe(overBound ? 400 : conserving ? 200 : 422);
  if (overBound) expect(res.json.error.code).toBe("VALIDATION_ERROR");
  // A transaction's version commits with its plan or not at all.
  expect(await policyVersion(run)).toBe(versionBefore + (accepted && o.viaEndorse ? 1 : 0));
  if (!accepted) return;
  for (const i of voided) i.voided = true;
  const createdIds: string[] = o.viaEndorse
    ? res.json.invoicePlanResult.created
    : res.json.created.map((created: any) => created.id);
  createdIds.forEach((id, k) => {
    const c = must(creates[k]);
    const invoice: ModelInvoice = {
      id,
      entity: { type: "policy" },
      category: c.category,
      lines: c.lines,
      paidCents: 0,
      voided: false,
      payments: [],
    };
    model.invoices.set(id, invoice);
  });
}

async function policyVersion(run: Run): Promise<number> {
  const res = await run.f.call("GET", `/policies/${run.policyId}`);
  expect(res.status, res.text).toBe(200);
  return res.json.version;
}

const pages = async (f: FinancialsFixture, path: string) => {
  const items: any[] = [];
  for (let page = 1; ; page++) {
    const res = await f.call("GET", `${path}${path.includes("?") ? "&" : "?"}page=${page}&pageSize=500`);
    expect(res.status, `GET ${path} page ${page}: ${res.text}`).toBe(200);
    items.push(...res.json.items);
    if (page * 500 >= res.json.totalCount) return items;
  }
};

/** The invariants, checked after every step. */
async function check(run: Run) {
  const { f, model } = run;
  // No posted entry ever changes or goes; every entry balances.
  const entries = await pages(f, "/financials/journal");
  const byId = new Map(entries.map((e) => [e.journalId, JSON.stringify(e)]));
  for (const [id, seen] of run.journal) expect(byId.get(id), `entry ${id}`).toBe(seen);
  for (const entry of entries) {
    const sum = (side: string) =>
      entry.lines.filter((l: any) => l.side === side).reduce((s: number, l: any) => s + l.amountCents, 0);
    expect(sum("debit"), entry.kind).toBe(sum("credit"));
    if (!run.journal.has(entry.journalId)) run.journal.set(entry.journalId, JSON.stringify(entry));
  }
  // Every invoice's figures match the model.
  const invoices = await pages(f, "/financials/invoices");
  expect(new Set(invoices.map((i) => i.id))).toEqual(new Set(model.invoices.keys()));
  for (const invoice of invoices) {
    const expected = must(model.invoices.get(invoice.id));
    expect(invoice, invoice.id).toMatchObject({
      totalCents: totalOf(expected.lines),
      paidCents: expected.paidCents,
      owedCents: expected.voided ? 0 : totalOf(expected.lines) - expected.paidCents,
      status: statusOf(expected),
    });
    expect(invoice.payments.map((p: any) => p.paymentId).sort()).toEqual([...expected.payments].sort());
  }
  // Every scope balances; events' figures match the model.
  for (const [index, eventId] of run.events.entries()) {
    const balances = (await f.call("GET", `/financials/entities/event/${eventId}/balances`)).json;
    expectBalanced(balances);
    for (const category of Object.keys(EVENT_CATEGORIES)) {
      const shown = categoryNamed(balances, category);
      const reserves = RESERVED.has(category) ? model.reservesOf(index, category) : null;
      expect(shown?.reservesCents ?? (RESERVED.has(category) ? 0 : null), `reserves ${category}`).toBe(reserves);
      expect(shown?.paidCents ?? 0, `paid ${category}`).toBe(model.paidOf(index, category));
      expect(shown?.owedCents ?? 0, `owed ${category}`).toBe(model.owedOf(index, category));
    }
  }
  for (const [type, id] of [
    ["policy", run.policyId],
    ["payee", f.personId],
    ["payee", f.organizationId],
  ]) {
    expectBalanced((await f.call("GET", `/financials/entities/${type}/${id}/balances`)).json);
  }
  const global = (await f.call("GET", "/financials/balances")).json;
  expectBalanced(global);
  expect(global.cash?.amountCents ?? 0).toBe(model.cash());
  // A policy with active invoices conserves.
  const active = model.activePolicyInvoices();
  if (active.length) {
    const billed = { Premium: 0, Taxes: 0, BrokerCommission: 0 };
    for (const invoice of active) {
      for (const line of invoice.lines) {
        const kind =
          line.type === "Premium tax" ? "Taxes" : line.type === "Broker commission" ? "BrokerCommission" : "Premium";
        billed[kind] += line.amountCents;
      }
    }
    expect(billed).toEqual({ Premium: PRICED.Premium, Taxes: PRICED.Taxes, BrokerCommission: PRICED.BrokerCommission });
  }
  expect(CATEGORY_DIRECTION.Premium).toBe(TYPES["Gross premium"]?.direction);
}

/** One random sequence on a new company, checked against the model after every step. */
async function audit(operations: readonly Operation[]) {
  const f = await setUpFinancials();
  // A 60-step sequence makes more than the default 600 calls a minute with its checks; the auditor checks the
  // ledger, so its key gets the largest budget rather than a 429 in the middle of a sequence.
  await setRequestBudget(f.company.id, 100_000);
  const run: Run = {
    f,
    model: new LedgerModel(),
    policyId: await newPolicy(f, PLAN_PRICING),
    events: [f.eventId, await f.event()],
    journal: new Map(),
  };
  for (const o of operations) {
    await apply(run, o);
    await check(run);
  }
}

describe("the ledger auditor", () => {
  it(
    "keeps every invariant over random sequences of financial operations",
    async () => {
      let firstFailureAt: number | null = null;
      let shrinkingStopped = false;
      await fc.assert(
        fc.asyncProperty(
          fc.array(operation, { minLength: Math.ceil(STEPS / 2), maxLength: STEPS }),
          async (operations) => {
            // Past the shrinking budget the failure already stands: later candidates are not run, so fast-check
            // ends and reports the smallest failing sequence it has.
            if (firstFailureAt !== null && Date.now() - firstFailureAt > SHRINK_MS) {
              if (!shrinkingStopped)
                console.warn(
                  `ledger auditor: shrinking stopped after ${SHRINK_MS / 60_000} min; the counterexample is the smallest found by then`,
                );
              shrinkingStopped = true;
              return;
            }
            try {
              await audit(operations);
            } catch (error) {
              firstFailureAt ??= Date.now();
              throw error;
            }
          },
        ),
        { numRuns: RUNS, ...(SEED ? { seed: Number(SEED), ...(PATH ? { path: PATH } : {}) } : {}) },
      );
    },
    RUNS * STEPS * 4_000 + 60_000,
  );
});
