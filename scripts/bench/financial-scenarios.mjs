// Financials against the demo company (issue 13):
// - the global balances read at 100 journal entries, then at 100,000 (entries beyond the API's seeded through
//   SQL, seed-journal.mjs): it reads running balances, so its cost must not grow with the journal;
// - invoice create and payment record (p50/p99): money writes of a company run one at a time in its company
//   object, so these use BENCH_FINANCIAL_CONNECTIONS (default 1) and the latency is one write's cost. A
//   payment's answer lists every live payment of its invoice (CONTRACT 7.6), so payments round-robin over
//   PAYMENT_POOL invoices (a few each, as invoices are paid) give one write's cost; 1-cent payments on one
//   invoice (hundreds by the end of the run) show what that list costs;
// - bill review runs per second: BILL_REVIEW_RUNS invoices reviewed at capacity 100, from the first start to
//   the last run judged (queue delivery included); the measured requests then read an invoice's latest run.
import { callApi } from "./api.mjs";
import { seedJournal } from "./seed-journal.mjs";
import { runWrangler } from "./wrangler.mjs";

const CONNECTIONS = Number(process.env.BENCH_FINANCIAL_CONNECTIONS || 1);
const LARGE_JOURNAL = 100_000;
const SMALL_JOURNAL = 100;
const BILL_REVIEW_RUNS = Number(process.env.BENCH_BILL_REVIEW_RUNS || 300);
const PAYMENT_POOL = 200;

const companyPath = (ctx) => `/api/v1/companies/${ctx.companyId}`;
const financials = (ctx) => `${companyPath(ctx)}/financials`;

const FINANCIALS = {
  documentVersion: 2,
  categories: [
    { name: "Indemnity", kind: "reserved", expectedDirection: "payable" },
    { name: "Expense", kind: "operating", expectedDirection: "payable" },
  ],
  policyFinancials: {
    invoiceTypes: [{ name: "Claim invoice", appliesTo: ["event"] }],
    lineItemTypes: [
      {
        name: "Indemnity payment",
        direction: "payable",
        category: "Indemnity",
        allowedOn: [{ invoiceType: "Claim invoice" }],
      },
      {
        name: "Adjuster fee",
        direction: "payable",
        category: "Expense",
        allowedOn: [{ invoiceType: "Claim invoice" }],
      },
    ],
    paymentDefaults: null,
  },
};

/** The financials configuration, one event and one person; the journal starts empty. */
async function prepare(ctx) {
  if (ctx.financials) return;
  await callApi(ctx, "POST", `${companyPath(ctx)}/configuration/import`, { body: { financials: FINANCIALS } });
  const configuration = await callApi(ctx, "GET", `${financials(ctx)}/configuration`);
  const id = (list, name, key) => list.find((m) => m.name === name)[key];
  ctx.financials = {
    indemnity: id(configuration.categories, "Indemnity", "categoryId"),
    expense: id(configuration.categories, "Expense", "categoryId"),
    indemnityPayment: id(configuration.lineItemTypes, "Indemnity payment", "lineItemTypeId"),
    eventId: (await callApi(ctx, "POST", `${companyPath(ctx)}/entities/event`, { body: {}, expect: 201 })).id,
    personId: (await callApi(ctx, "POST", `${companyPath(ctx)}/entities/person`, { body: {}, expect: 201 })).id,
  };
}

const journalSize = async (ctx) => (await callApi(ctx, "GET", `${financials(ctx)}/journal?pageSize=1`)).totalCount;

const invoiceBody = (ctx, amountCents) => ({
  entityType: "event",
  entityId: ctx.financials.eventId,
  invoiceType: "Claim invoice",
  dueDate: { date: "2026-12-31" },
  payee: { entityType: "person", entityId: ctx.financials.personId },
  lineItems: [{ lineItemTypeId: ctx.financials.indemnityPayment, amountCents }],
});

/** 100 entries through the API: direct payments of 1 cent in the operating category post one entry each. */
async function setUpSmallJournal(ctx) {
  await prepare(ctx);
  const have = await journalSize(ctx);
  if (have > SMALL_JOURNAL) return { skip: `the journal already holds ${have} entries` };
  for (let i = have; i < SMALL_JOURNAL; i++) {
    await callApi(ctx, "POST", `${financials(ctx)}/events/${ctx.financials.eventId}/payments`, {
      body: { categoryId: ctx.financials.expense, amountCents: 1 },
      expect: 201,
    });
  }
  return { history: `${SMALL_JOURNAL} journal entries` };
}

async function setUpLargeJournal(ctx) {
  await prepare(ctx);
  const have = await journalSize(ctx);
  if (have < LARGE_JOURNAL) {
    const started = Date.now();
    const balances = await callApi(ctx, "GET", `${financials(ctx)}/balances`);
    const expense = balances.categories.find((c) => c.categoryId === ctx.financials.expense);
    await seedJournal({
      persistDir: ctx.persistDir,
      companyId: ctx.companyId,
      eventId: ctx.financials.eventId,
      categoryId: ctx.financials.expense,
      firstSequence: have + 1,
      count: LARGE_JOURNAL - have,
      additional: expense.accounts.find((a) => a.role === "additional"),
      cash: balances.cash,
    });
    console.log(
      `Seeded ${(LARGE_JOURNAL - have).toLocaleString("en-US")} journal entries through SQL in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  return { history: `${(await journalSize(ctx)).toLocaleString("en-US")} journal entries` };
}

const balancesRequest = (ctx) => ({ path: `${financials(ctx)}/balances`, headers: { authorization: ctx.adminKey } });

async function setUpInvoiceCreate(ctx) {
  await prepare(ctx);
  return { history: "ad-hoc event invoice, 1 line" };
}

const json = (ctx) => ({ authorization: ctx.adminKey, "content-type": "application/json" });

function invoiceCreateRequest(ctx) {
  return {
    connections: CONNECTIONS,
    method: "POST",
    path: `${financials(ctx)}/invoices`,
    headers: json(ctx),
    body: JSON.stringify(invoiceBody(ctx, 12_345)),
  };
}

/**
 * `count` invoices, each large enough for every 1-cent payment it gets in the run, paid in turn: one invoice
 * gets them all (hundreds by the end), PAYMENT_POOL invoices a few each.
 */
async function setUpPayments(ctx, count) {
  await prepare(ctx);
  const invoices = [];
  for (let i = 0; i < count; i++) {
    const invoice = await callApi(ctx, "POST", `${financials(ctx)}/invoices`, {
      body: invoiceBody(ctx, 1_000_000_000_000),
      expect: 201,
    });
    invoices.push(invoice.id);
  }
  ctx.financials.paymentInvoices ??= {};
  ctx.financials.paymentInvoices[count] = invoices;
  const over = count === 1 ? "on one invoice" : `over ${count} invoices in turn`;
  return { history: `1-cent payments ${over} (with erosion checks)` };
}

function paymentRequest(ctx, count) {
  const invoices = ctx.financials.paymentInvoices[count];
  let next = 0;
  return {
    connections: CONNECTIONS,
    requests: [
      {
        method: "POST",
        headers: json(ctx),
        body: JSON.stringify({ amountCents: 1 }),
        setupRequest: (req) => ({
          ...req,
          path: `${financials(ctx)}/invoices/${invoices[next++ % invoices.length]}/payments`,
        }),
      },
    ],
  };
}

/** Invoices for the alternating scenario: its own pool, so its payments land on invoices no other scenario pays. */
const ALTERNATING_POOL = 20;

/**
 * Each connection creates an invoice, then pays 1 cent on the next invoice of a pool, in turn: what a claims
 * desk does all day. The company object keeps its ledger from one to the next (issue 16), so neither reads it.
 */
function createAndPayRequest(ctx) {
  const { method, path, headers, body } = invoiceCreateRequest(ctx);
  const [payment] = paymentRequest(ctx, ALTERNATING_POOL).requests;
  return { connections: CONNECTIONS, requests: [{ method, path, headers, body }, payment] };
}

async function setUpCreateAndPay(ctx) {
  await setUpPayments(ctx, ALTERNATING_POOL);
  return { history: `a create, then a 1-cent payment on one of ${ALTERNATING_POOL} invoices, in turn` };
}

/** Times BILL_REVIEW_RUNS runs from the first start to the last judged, at capacity 100. */
async function setUpBillReview(ctx) {
  await prepare(ctx);
  await runWrangler([
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    ctx.persistDir,
    "--yes",
    "--command",
    `UPDATE companies SET bill_review = '{"capacity":100,"paused":false}' WHERE id = '${ctx.companyId}';`,
  ]);
  const invoices = [];
  for (let i = 0; i < BILL_REVIEW_RUNS; i++) {
    invoices.push(
      (await callApi(ctx, "POST", `${financials(ctx)}/invoices`, { body: invoiceBody(ctx, 100 + i), expect: 201 })).id,
    );
  }
  const latest = (id) => callApi(ctx, "GET", `${financials(ctx)}/invoices/${id}/bill-review`);
  const done = (run) => run.status === "succeeded" || run.status === "failed";
  const started = Date.now();
  let next = 0;
  const pending = new Set();
  while (next < invoices.length || pending.size) {
    // Keep up to 90 runs in flight: under the capacity, so no start is refused.
    while (next < invoices.length && pending.size < 90) {
      const id = invoices[next++];
      await callApi(ctx, "POST", `${financials(ctx)}/invoices/${id}/bill-review`, { expect: 202 });
      pending.add(id);
    }
    for (const id of [...pending]) if (done(await latest(id))) pending.delete(id);
    if (pending.size) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (Date.now() - started) / 1000;
  ctx.financials.reviewed = invoices[0];
  ctx.billReviewRunsPerSecond = Math.round((BILL_REVIEW_RUNS / seconds) * 10) / 10;
  console.log(
    `Bill review: ${BILL_REVIEW_RUNS} runs judged in ${seconds.toFixed(1)} s (${ctx.billReviewRunsPerSecond} runs/s)`,
  );
  return {
    history: `${BILL_REVIEW_RUNS} runs: ${ctx.billReviewRunsPerSecond} runs/s`,
    billReviewRunsPerSecond: ctx.billReviewRunsPerSecond,
  };
}

const billReviewReadRequest = (ctx) => ({
  path: `${financials(ctx)}/invoices/${ctx.financials.reviewed}/bill-review`,
  headers: { authorization: ctx.adminKey },
});

export const financialScenarios = [
  { name: "financials balances at 100 entries", setup: setUpSmallJournal, request: balancesRequest },
  { name: "financials invoice create", setup: setUpInvoiceCreate, request: invoiceCreateRequest },
  {
    name: "financials payment record",
    setup: (ctx) => setUpPayments(ctx, 1),
    request: (ctx) => paymentRequest(ctx, 1),
  },
  {
    name: "financials payment record, 200 invoices",
    setup: (ctx) => setUpPayments(ctx, PAYMENT_POOL),
    request: (ctx) => paymentRequest(ctx, PAYMENT_POOL),
  },
  { name: "financials invoice create and payment in turn", setup: setUpCreateAndPay, request: createAndPayRequest },
  { name: "financials balances at 100k entries", setup: setUpLargeJournal, request: balancesRequest },
  { name: "financials bill review", setup: setUpBillReview, request: billReviewReadRequest },
];

/** The global balances read must cost the same however long the journal: [label, scenario, baseline]. */
export const balancesCostComparison = [
  "global balances, 100,000 vs 100 journal entries",
  "financials balances at 100k entries",
  "financials balances at 100 entries",
];
export const BILL_REVIEW_SCENARIO = "financials bill review";
