// Entity create, read by id and update against the demo company, at 100, 10,000 and 100,000 stored
// exposures. Rows beyond what the API writes are seeded through SQL (seed-entities.mjs); every scenario
// reads or changes ids that exist, chosen round-robin over a shuffled list.
import { callApi } from "./api.mjs";
import { BENCH_CONFIGURATION, CREATE_BODY, ENTITY_TYPE, seededExposureData, updateBody } from "./entity-fixture.mjs";
import { readByIdQueryPlan } from "./query-plan.mjs";
import { seedEntities } from "./seed-entities.mjs";

const companyPath = (ctx) => `/api/v1/companies/${ctx.companyId}`;
const entitiesPath = (ctx) => `${companyPath(ctx)}/entities/${ENTITY_TYPE}`;

/** Imports the benchmark configuration once and learns the key id that seeded rows name as creator. */
async function prepare(ctx) {
  if (ctx.entityIds) return;
  await callApi(ctx, "POST", `${companyPath(ctx)}/configuration/import`, { body: BENCH_CONFIGURATION });
  ctx.seedCreatedBy = (await callApi(ctx, "GET", `${companyPath(ctx)}/me`)).keyId;
  ctx.entityIds = [];
}

/** Tops the stored exposures up to `total` (the API's count says how many there are) and reports the count. */
async function storeUpTo(ctx, total) {
  await prepare(ctx);
  const stored = (await callApi(ctx, "GET", `${entitiesPath(ctx)}?pageSize=1`)).totalCount;
  if (stored < total) {
    const started = Date.now();
    const ids = await seedEntities({
      persistDir: ctx.persistDir,
      companyId: ctx.companyId,
      createdBy: ctx.seedCreatedBy,
      entityType: ENTITY_TYPE,
      count: total - stored,
      firstIndex: ctx.entityIds.length,
      dataOf: seededExposureData,
    });
    ctx.entityIds.push(...ids);
    console.log(
      `Seeded ${ids.length.toLocaleString("en-US")} exposures through SQL in ${((Date.now() - started) / 1000).toFixed(1)} s (now ${total.toLocaleString("en-US")} stored)`,
    );
  }
  return { storedEntities: Math.max(stored, total) };
}

/** A function giving the ids in a shuffled order, round-robin, shared by every connection. */
function roundRobin(ids) {
  const order = [...ids];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  let next = 0;
  return () => order[next++ % order.length];
}

function readRequest(ctx) {
  const nextId = roundRobin(ctx.entityIds);
  const headers = { authorization: ctx.adminKey };
  return {
    requests: [
      { method: "GET", headers, setupRequest: (req) => ({ ...req, path: `${entitiesPath(ctx)}/${nextId()}` }) },
    ],
  };
}

// Consecutive updates name different ids, so the 16 in flight never race for one record's version.
function updateRequest(ctx) {
  const nextId = roundRobin(ctx.entityIds);
  const headers = { authorization: ctx.adminKey, "content-type": "application/json" };
  let revision = 0;
  return {
    requests: [
      {
        method: "PATCH",
        headers,
        setupRequest: (req) => ({ ...req, path: `${entitiesPath(ctx)}/${nextId()}`, body: updateBody(++revision) }),
      },
    ],
  };
}

/** At the largest size, also records SQLite's plan for the read (it must search an index, never scan). */
async function storeUpToWithPlan(ctx, total) {
  const stored = await storeUpTo(ctx, total);
  const queryPlan = await readByIdQueryPlan({
    persistDir: ctx.persistDir,
    companyId: ctx.companyId,
    entityType: ENTITY_TYPE,
    id: ctx.entityIds[0],
  });
  return { ...stored, queryPlan };
}

function createRequest(ctx) {
  return {
    method: "POST",
    path: entitiesPath(ctx),
    headers: { authorization: ctx.adminKey, "content-type": "application/json" },
    body: CREATE_BODY,
  };
}

/** In run order: creates come after the reads and updates at 10,000, since they add rows. */
export const entityScenarios = [
  { name: "entity read 100", setup: (ctx) => storeUpTo(ctx, 100), request: readRequest },
  { name: "entity read 10k", setup: (ctx) => storeUpTo(ctx, 10_000), request: readRequest },
  { name: "entity update 10k", setup: (ctx) => storeUpTo(ctx, 10_000), request: updateRequest },
  { name: "entity create 10k", setup: (ctx) => storeUpTo(ctx, 10_000), request: createRequest },
  { name: "entity read 100k", setup: (ctx) => storeUpToWithPlan(ctx, 100_000), request: readRequest },
];

/** Read by id must cost the same whatever the table size: [label, scenario, baseline scenario]. */
export const readCostComparison = ["read by id, 100,000 vs 100 stored", "entity read 100k", "entity read 100"];
