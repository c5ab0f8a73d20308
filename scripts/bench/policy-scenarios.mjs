// Policy transactions and the bordereau against the demo company.
// - Endorse at version 2: each request endorses a different policy still at version 1 (a pool seeded through
//   SQL as copies of one API-written new business), so every measured endorsement writes version 2.
// - Endorse at version 1,000: one policy brought to version 1,000 through the API, then endorsed again and
//   again (the run itself adds versions past 1,000). Both endorse the same way (pricing restated from the
//   same effective day, so the segment count stays at two); only the history length differs.
// - Bordereau rows: POST P/policies/bordereau/rows with the row limit 50,000, once the company holds at least
//   50,000 versions; the latency is the time to produce 50,000 rows. Skipped, with a note, while the route is absent.
// A company's transactions are serialized by its Durable Object, so more connections only add queueing:
// these scenarios use BENCH_POLICY_CONNECTIONS (default 1) so the latency is one transaction's cost.
// "policy endorse 16 conns one policy" endorses the long-history policy from BENCH_CONNECTIONS (16) at once.
// "policy new business" writes a new policy per request (one exposure, its number minted).
// BENCH_POLICY_POOL (default 6,000) sizes the version-1 pool; past it, requests wrap to version 3 and beyond.
import { callApi, SETUP_CALL_TIMEOUT_MS } from "./api.mjs";
import { BENCH_CONFIGURATION } from "./entity-fixture.mjs";
import { versionReadQueryPlan } from "./query-plan.mjs";
import { seedPolicies } from "./seed-policies.mjs";

const CONNECTIONS = Number(process.env.BENCH_POLICY_CONNECTIONS || 1);
// Issue 16's concurrent figure: one policy endorsed by as many connections as the other scenarios use.
const ENDORSE_CONCURRENCY = Number(process.env.BENCH_CONNECTIONS || 16);
const POOL_SIZE = Number(process.env.BENCH_POLICY_POOL || 6_000);
const LONG_HISTORY = 1_000;
const BORDEREAU_ROWS = 50_000;
const BORDEREAU_PATH = "/api/v1/companies/{companyId}/policies/bordereau/rows";

const companyPath = (ctx) => `/api/v1/companies/${ctx.companyId}`;
const EFFECTIVE_DAY = "2026-07-01";

export const NEW_BUSINESS = {
  displayAuthor: "Benchmark",
  data: {
    policyStartDate: { date: "2026-01-01" },
    policyEndDate: { date: "2027-01-01" },
    fullTermPricingInfo: {
      pricingComponents: [
        { label: "Base premium", group: "premium", kind: "Premium", value: 1000 },
        { label: "State tax", group: "taxes", kind: "Taxes", value: 30.25 },
        { label: "Policy fee", group: "fees", kind: "Fees", value: 25, earningBasis: "fully-earned-at-inception" },
      ],
    },
    exposures: [{ exposureName: "Benchmark warehouse", exposureType: "property" }],
  },
};

/** An endorsement restating the premium from the same day; `revision` varies the amount. */
function endorseBody(revision) {
  const pricing = structuredClone(NEW_BUSINESS.data.fullTermPricingInfo);
  pricing.pricingComponents[0].value = 1000 + (revision % 97);
  return JSON.stringify({
    transactionTimestamp: new Date().toISOString(),
    displayAuthor: "Benchmark",
    effectiveDate: { date: EFFECTIVE_DAY },
    deltas: [{ path: "policy.fullTermPricingInfo", value: pricing }],
  });
}

const endorsePath = (ctx, policyId) => `${companyPath(ctx)}/policies/${policyId}/transaction/endorse`;

/** The exposure configuration (the entity scenarios import the same) and one policy written through the API. */
async function prepare(ctx) {
  if (ctx.policyTemplate) return;
  await callApi(ctx, "POST", `${companyPath(ctx)}/configuration/import`, { body: BENCH_CONFIGURATION });
  ctx.seedCreatedBy ??= (await callApi(ctx, "GET", `${companyPath(ctx)}/me`)).keyId;
  ctx.policyTemplate = await callApi(ctx, "POST", `${companyPath(ctx)}/policies/transaction/new-business`, {
    body: { ...NEW_BUSINESS, transactionTimestamp: new Date().toISOString() },
  });
  ctx.seededPolicies = 0;
}

async function seed(ctx, count) {
  const started = Date.now();
  const ids = await seedPolicies({
    persistDir: ctx.persistDir,
    companyId: ctx.companyId,
    createdBy: ctx.seedCreatedBy,
    template: ctx.policyTemplate,
    count,
    firstIndex: ctx.seededPolicies,
  });
  ctx.seededPolicies += count;
  console.log(
    `Seeded ${count.toLocaleString("en-US")} policies at version 1 through SQL in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return ids;
}

const storedVersions = async (ctx) =>
  (await callApi(ctx, "GET", `${companyPath(ctx)}/policies/versions?pageSize=1`)).totalCount;
const currentVersion = async (ctx, policyId) =>
  (await callApi(ctx, "GET", `${companyPath(ctx)}/policies/${policyId}/versions?pageSize=1`)).totalCount;

/**
 * Both endorse scenarios share one set-up, run before the first of them: the 999 endorsements that build the
 * long history also warm the transaction path, so neither measured run pays for a cold start.
 */
async function prepareEndorsements(ctx) {
  if (ctx.endorsePool) return;
  await prepare(ctx);
  await buildLongHistory(ctx);
  ctx.endorsePool = await seed(ctx, POOL_SIZE);
  ctx.endorsePoolNext = 0;
}

async function setUpShortHistory(ctx) {
  await prepareEndorsements(ctx);
  return { history: `v1→v2, ${POOL_SIZE.toLocaleString("en-US")} policies` };
}

/** Each request takes the next policy of the pool, so each endorsement writes version 2 (until the pool runs out). */
function shortHistoryRequest(ctx) {
  const headers = { authorization: ctx.adminKey, "content-type": "application/json" };
  return {
    connections: CONNECTIONS,
    requests: [
      {
        method: "POST",
        headers,
        setupRequest: (req) => {
          const n = ctx.endorsePoolNext++;
          return { ...req, path: endorsePath(ctx, ctx.endorsePool[n % ctx.endorsePool.length]), body: endorseBody(n) };
        },
      },
    ],
  };
}

/** Brings one policy to version 1,000 through the API; requests in flight queue in the company object. */
async function buildLongHistory(ctx) {
  const started = Date.now();
  const { policyId } = await callApi(ctx, "POST", `${companyPath(ctx)}/policies/transaction/new-business`, {
    body: { ...NEW_BUSINESS, transactionTimestamp: new Date().toISOString() },
  });
  const BATCH = 16;
  for (let version = 2; version <= LONG_HISTORY; version += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, LONG_HISTORY - version + 1) }, (_, i) => version + i);
    await Promise.all(
      batch.map((v) => callApi(ctx, "POST", endorsePath(ctx, policyId), { body: JSON.parse(endorseBody(v)) })),
    );
  }
  const reached = await currentVersion(ctx, policyId);
  if (reached !== LONG_HISTORY)
    throw new Error(`Benchmark setup: the long-history policy is at version ${reached}, expected ${LONG_HISTORY}`);
  console.log(
    `Endorsed one policy to version ${LONG_HISTORY.toLocaleString("en-US")} through the API in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  ctx.longHistoryPolicy = policyId;
  ctx.longHistoryRevision = LONG_HISTORY;
}

async function setUpLongHistory(ctx) {
  await prepareEndorsements(ctx);
  const queryPlan = await versionReadQueryPlan({
    persistDir: ctx.persistDir,
    companyId: ctx.companyId,
    policyId: ctx.longHistoryPolicy,
    version: await currentVersion(ctx, ctx.longHistoryPolicy),
  });
  return { history: `v${LONG_HISTORY.toLocaleString("en-US")}+, 1 policy`, queryPlan };
}

function longHistoryRequest(ctx) {
  const headers = { authorization: ctx.adminKey, "content-type": "application/json" };
  return {
    connections: CONNECTIONS,
    requests: [
      {
        method: "POST",
        headers,
        setupRequest: (req) => ({
          ...req,
          path: endorsePath(ctx, ctx.longHistoryPolicy),
          body: endorseBody(++ctx.longHistoryRevision),
        }),
      },
    ],
  };
}

/** After a scenario: how far the histories went (the pool's largest version, the long policy's version). */
export async function describeHistories(ctx) {
  const out = {};
  if (ctx.endorsePool) out.poolEndorsements = ctx.endorsePoolNext;
  if (ctx.endorsePool) out.poolLargestVersion = 1 + Math.ceil(ctx.endorsePoolNext / ctx.endorsePool.length);
  if (ctx.longHistoryPolicy) out.longHistoryVersion = await currentVersion(ctx, ctx.longHistoryPolicy);
  return out;
}

const BORDEREAU_BODY = JSON.stringify({ limit: BORDEREAU_ROWS });

async function setUpBordereau(ctx) {
  const openapi = await fetch(new URL("/openapi.json", ctx.baseUrl), {
    signal: AbortSignal.timeout(SETUP_CALL_TIMEOUT_MS),
  }).then((res) => res.json());
  if (!openapi.paths?.[BORDEREAU_PATH]?.post)
    return { skip: `POST P/policies/bordereau/rows is not served yet; the 50,000-row bordereau figure is skipped.` };
  await prepare(ctx);
  const stored = await storedVersions(ctx);
  if (stored < BORDEREAU_ROWS) await seed(ctx, BORDEREAU_ROWS - stored);
  const started = Date.now();
  const first = await callApi(ctx, "POST", `${companyPath(ctx)}/policies/bordereau/rows`, {
    body: JSON.parse(BORDEREAU_BODY),
  });
  const firstMs = Date.now() - started;
  if (first.rowCount !== BORDEREAU_ROWS || first.rows.length !== BORDEREAU_ROWS)
    throw new Error(`Benchmark setup: the bordereau gave ${first.rowCount} rows, expected ${BORDEREAU_ROWS}`);
  console.log(
    `First bordereau call: ${BORDEREAU_ROWS.toLocaleString("en-US")} rows × ${first.columns.length} columns in ${firstMs} ms (${(JSON.stringify(first).length / 1e6).toFixed(1)} MB of JSON)`,
  );
  return { history: `${Math.max(stored, BORDEREAU_ROWS).toLocaleString("en-US")} versions`, firstCallMs: firstMs };
}

function bordereauRequest(ctx) {
  return {
    connections: CONNECTIONS,
    method: "POST",
    path: `${companyPath(ctx)}/policies/bordereau/rows`,
    headers: { authorization: ctx.adminKey, "content-type": "application/json" },
    body: BORDEREAU_BODY,
  };
}

/** The long-history policy endorsed by BENCH_CONNECTIONS at once: queueing in the company object, and group commit. */
function concurrentRequest(ctx) {
  return { ...longHistoryRequest(ctx), connections: ENDORSE_CONCURRENCY };
}

export const ENDORSE_CONCURRENT_SCENARIO = "policy endorse 16 conns one policy";

async function setUpNewBusiness(ctx) {
  await prepare(ctx);
  return { history: "a new policy per request, 1 exposure" };
}

/** New business, one policy per request: each mints the next policy number (claimed in its write batch). */
function newBusinessRequest(ctx) {
  const headers = { authorization: ctx.adminKey, "content-type": "application/json" };
  const body = () => JSON.stringify({ ...NEW_BUSINESS, transactionTimestamp: new Date().toISOString() });
  return {
    connections: CONNECTIONS,
    requests: [
      {
        method: "POST",
        path: `${companyPath(ctx)}/policies/transaction/new-business`,
        headers,
        setupRequest: (req) => ({ ...req, body: body() }),
      },
    ],
  };
}

export const policyScenarios = [
  { name: "policy endorse at v2", setup: setUpShortHistory, request: shortHistoryRequest },
  { name: "policy endorse at v1000", setup: setUpLongHistory, request: longHistoryRequest },
  { name: ENDORSE_CONCURRENT_SCENARIO, setup: setUpLongHistory, request: concurrentRequest },
  { name: "bordereau rows 50k", setup: setUpBordereau, request: bordereauRequest },
  // Last of the policy scenarios: the policies it writes add to what the others read.
  { name: "policy new business", setup: setUpNewBusiness, request: newBusinessRequest },
];

/** Endorse must cost the same whatever the history length: [label, scenario, baseline scenario]. */
export const endorseCostComparison = [
  "endorse, version 1,000+ vs version 2",
  "policy endorse at v1000",
  "policy endorse at v2",
];
export const BORDEREAU_SCENARIO = "bordereau rows 50k";
