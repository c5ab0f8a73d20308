// Quote rating and bind against the demo company (CONTRACT section 5).
// - Rate: POST P/quotes/{quoteId}/rate of one stored quote with 50 embedded exposures through the four-stage
//   `bench` workflow (quote-fixture.mjs); each rate computes outside the company object and records
//   `system` inside it.
// - Bind: POST P/quotes/bind {quoteId}; each request binds the next quote of a pool seeded through SQL as
//   copies of one API-written, rated and priced quote (50 exposures each, every one on its own submission),
//   so every measured bind runs the rules and writes new business, the bound quote and the submission.
//   A second pool binds quotes of one exposure, the size of the endorse scenarios' policy (issue 16's goal
//   compares a bind's cost per call with an endorsement's).
// Binds of one company are serialized by its Durable Object, so more connections only add queueing: both use
// BENCH_QUOTE_CONNECTIONS (default 1), so the latency is one operation's cost. BENCH_QUOTE_POOL (default 2,000)
// sizes the bind pool; past it, binds answer 409 (the run stops counting them as successes).
import { callApi } from "./api.mjs";
import { BENCH_WORKFLOW, EXPOSURES_PER_QUOTE, QUOTE_BENCH_CONFIGURATION, QUOTE_BODY } from "./quote-fixture.mjs";
import { seedQuotes } from "./seed-quotes.mjs";

const CONNECTIONS = Number(process.env.BENCH_QUOTE_CONNECTIONS || 1);
const POOL_SIZE = Number(process.env.BENCH_QUOTE_POOL || 2_000);

const companyPath = (ctx) => `/api/v1/companies/${ctx.companyId}`;

const exposuresText = (exposures) => `${exposures} exposure${exposures === 1 ? "" : "s"}`;

/** The quote body with its first `exposures` embedded exposures. */
const bodyWith = (exposures) => ({ ...QUOTE_BODY, exposures: QUOTE_BODY.exposures.slice(0, exposures) });

/**
 * The configuration (the entity fields kept), once, and a quote of `exposures` exposures written, rated and
 * priced through the API, once per size.
 */
async function prepare(ctx, exposures = EXPOSURES_PER_QUOTE) {
  ctx.quoteTemplates ??= {};
  if (ctx.quoteTemplates[exposures]) return ctx.quoteTemplates[exposures];
  if (!ctx.quoteConfigured) {
    await callApi(ctx, "POST", `${companyPath(ctx)}/configuration/import`, { body: QUOTE_BENCH_CONFIGURATION });
    ctx.quoteConfigured = true;
  }
  ctx.seedCreatedBy ??= (await callApi(ctx, "GET", `${companyPath(ctx)}/me`)).keyId;
  const body = bodyWith(exposures);
  const { id } = await callApi(ctx, "POST", `${companyPath(ctx)}/entities/quote`, { body, expect: 201 });
  const rating = await callApi(ctx, "POST", `${companyPath(ctx)}/quotes/${id}/rate`, {
    body: { ratingWorkflowName: BENCH_WORKFLOW },
  });
  const { fullTermPricingInfo, fullTermPolicyRatingResult } = rating;
  const quote = await callApi(ctx, "PATCH", `${companyPath(ctx)}/entities/quote/${id}`, {
    body: { fullTermPricingInfo, fullTermPolicyRatingResult },
  });
  const { submissionId } = await callApi(ctx, "GET", `${companyPath(ctx)}/quotes/${id}`);
  const submission = await callApi(ctx, "GET", `${companyPath(ctx)}/entities/submission/${submissionId}`);
  ctx.quoteTemplates[exposures] = { id, quote, submission, ratingWorkflowName: BENCH_WORKFLOW };
  const components = rating.fullTermPricingInfo.pricingComponents.length;
  const total = rating.fullTermPolicyRatingResult.policyGrandTotal;
  console.log(`Rated a template quote of ${exposuresText(exposures)}: ${components} components, grand total ${total}`);
  return ctx.quoteTemplates[exposures];
}

async function setUpRate(ctx) {
  await prepare(ctx);
  return { history: `${EXPOSURES_PER_QUOTE} exposures, 4 stages` };
}

function rateRequest(ctx) {
  return {
    connections: CONNECTIONS,
    method: "POST",
    path: `${companyPath(ctx)}/quotes/${ctx.quoteTemplates[EXPOSURES_PER_QUOTE].id}/rate`,
    headers: { authorization: ctx.adminKey, "content-type": "application/json" },
    body: JSON.stringify({ ratingWorkflowName: BENCH_WORKFLOW }),
  };
}

/** A pool of `POOL_SIZE` bindable quotes of `exposures` exposures, seeded once per size. */
async function setUpBind(ctx, exposures) {
  const template = await prepare(ctx, exposures);
  ctx.bindPools ??= {};
  if (!ctx.bindPools[exposures]) {
    const started = Date.now();
    const ids = await seedQuotes({
      persistDir: ctx.persistDir,
      companyId: ctx.companyId,
      createdBy: ctx.seedCreatedBy,
      template,
      count: POOL_SIZE,
      // Seeded submission numbers stay clear of the ones the counter mints, and of the other pool's.
      firstNumber: 90_000_000 + exposures * POOL_SIZE,
    });
    ctx.bindPools[exposures] = { ids, next: 0 };
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${POOL_SIZE.toLocaleString("en-US")} rated quotes of ${exposuresText(exposures)} and their submissions through SQL in ${seconds} s`,
    );
  }
  return {
    history: `${POOL_SIZE.toLocaleString("en-US")} quotes, ${exposures} exposure${exposures === 1 ? "" : "s"} each`,
  };
}

/** Each request binds the next quote of the pool, so each one writes a new policy. */
function bindRequest(ctx, exposures) {
  const pool = ctx.bindPools[exposures];
  return {
    connections: CONNECTIONS,
    requests: [
      {
        method: "POST",
        path: `${companyPath(ctx)}/quotes/bind`,
        headers: { authorization: ctx.adminKey, "content-type": "application/json" },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ quoteId: pool.ids[pool.next++] }) }),
      },
    ],
  };
}

export const quoteScenarios = [
  { name: "quote rate 50 exposures 4 stages", setup: setUpRate, request: rateRequest },
  {
    name: "quote bind",
    setup: (ctx) => setUpBind(ctx, EXPOSURES_PER_QUOTE),
    request: (ctx) => bindRequest(ctx, EXPOSURES_PER_QUOTE),
  },
  // The size of the endorse scenarios' policy (one exposure): issue 16 compares a bind with an endorsement.
  { name: "quote bind 1 exposure", setup: (ctx) => setUpBind(ctx, 1), request: (ctx) => bindRequest(ctx, 1) },
];
