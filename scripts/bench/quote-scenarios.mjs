// Quote rating and bind against the demo company (CONTRACT section 5).
// - Rate: POST P/quotes/{quoteId}/rate of one stored quote with 50 embedded exposures through the four-stage
//   `bench` workflow (quote-fixture.mjs); each rate computes outside the company object and records
//   `system` inside it.
// - Bind: POST P/quotes/bind {quoteId}; each request binds the next quote of a pool seeded through SQL as
//   copies of one API-written, rated and priced quote (50 exposures each, every one on its own submission),
//   so every measured bind runs the rules and writes new business, the bound quote and the submission.
// Binds of one company are serialized by its Durable Object, so more connections only add queueing: both use
// BENCH_QUOTE_CONNECTIONS (default 1), so the latency is one operation's cost. BENCH_QUOTE_POOL (default 2,000)
// sizes the bind pool; past it, binds answer 409 (the run stops counting them as successes).
import { callApi } from "./api.mjs";
import { BENCH_WORKFLOW, QUOTE_BENCH_CONFIGURATION, QUOTE_BODY } from "./quote-fixture.mjs";
import { seedQuotes } from "./seed-quotes.mjs";

const CONNECTIONS = Number(process.env.BENCH_QUOTE_CONNECTIONS || 1);
const POOL_SIZE = Number(process.env.BENCH_QUOTE_POOL || 2_000);

const companyPath = (ctx) => `/api/v1/companies/${ctx.companyId}`;

/** The configuration (the entity fields kept), and one quote written, rated and priced through the API. */
async function prepare(ctx) {
  if (ctx.quoteTemplate) return;
  await callApi(ctx, "POST", `${companyPath(ctx)}/configuration/import`, { body: QUOTE_BENCH_CONFIGURATION });
  ctx.seedCreatedBy ??= (await callApi(ctx, "GET", `${companyPath(ctx)}/me`)).keyId;
  const { id } = await callApi(ctx, "POST", `${companyPath(ctx)}/entities/quote`, { body: QUOTE_BODY, expect: 201 });
  const rating = await callApi(ctx, "POST", `${companyPath(ctx)}/quotes/${id}/rate`, {
    body: { ratingWorkflowName: BENCH_WORKFLOW },
  });
  const { fullTermPricingInfo, fullTermPolicyRatingResult } = rating;
  const quote = await callApi(ctx, "PATCH", `${companyPath(ctx)}/entities/quote/${id}`, {
    body: { fullTermPricingInfo, fullTermPolicyRatingResult },
  });
  const { submissionId } = await callApi(ctx, "GET", `${companyPath(ctx)}/quotes/${id}`);
  const submission = await callApi(ctx, "GET", `${companyPath(ctx)}/entities/submission/${submissionId}`);
  ctx.quoteTemplate = { id, quote, submission, ratingWorkflowName: BENCH_WORKFLOW };
  const components = rating.fullTermPricingInfo.pricingComponents.length;
  const total = rating.fullTermPolicyRatingResult.policyGrandTotal;
  console.log(`Rated the template quote: ${components} components, grand total ${total}`);
}

async function setUpRate(ctx) {
  await prepare(ctx);
  return { history: `${QUOTE_BODY.exposures.length} exposures, 4 stages` };
}

function rateRequest(ctx) {
  return {
    connections: CONNECTIONS,
    method: "POST",
    path: `${companyPath(ctx)}/quotes/${ctx.quoteTemplate.id}/rate`,
    headers: { authorization: ctx.adminKey, "content-type": "application/json" },
    body: JSON.stringify({ ratingWorkflowName: BENCH_WORKFLOW }),
  };
}

async function setUpBind(ctx) {
  await prepare(ctx);
  if (!ctx.bindPool) {
    const started = Date.now();
    ctx.bindPool = await seedQuotes({
      persistDir: ctx.persistDir,
      companyId: ctx.companyId,
      createdBy: ctx.seedCreatedBy,
      template: ctx.quoteTemplate,
      count: POOL_SIZE,
      // Seeded submission numbers stay clear of the ones the counter mints.
      firstNumber: 90_000_000,
    });
    ctx.bindPoolNext = 0;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${POOL_SIZE.toLocaleString("en-US")} rated quotes and their submissions through SQL in ${seconds} s`,
    );
  }
  return { history: `${POOL_SIZE.toLocaleString("en-US")} quotes, ${QUOTE_BODY.exposures.length} exposures each` };
}

/** Each request binds the next quote of the pool, so each one writes a new policy. */
function bindRequest(ctx) {
  return {
    connections: CONNECTIONS,
    requests: [
      {
        method: "POST",
        path: `${companyPath(ctx)}/quotes/bind`,
        headers: { authorization: ctx.adminKey, "content-type": "application/json" },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ quoteId: ctx.bindPool[ctx.bindPoolNext++] }) }),
      },
    ],
  };
}

export const quoteScenarios = [
  { name: "quote rate 50 exposures 4 stages", setup: setUpRate, request: rateRequest },
  { name: "quote bind", setup: setUpBind, request: bindRequest },
];
