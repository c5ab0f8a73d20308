// The bounded inputs of issue 11 at their largest accepted size, against the demo company, run after the
// other scenarios (they import a configuration at the bounds that keeps the benchmark's own fields):
// - "config validate largest" and "config import largest": a document at the configuration bounds (2,000
//   field definitions, a 10,000-option set listed by 19 Select fields = 190,000 option values, 249 custom
//   objects, cards, close to the 900,000-byte canonical size). Import repeats unchanged after the first.
// - "entity config read largest": GET the exposure JSON Schema listing those 190,000 option values.
// - "validation batch largest": POST data-validation/batch, 100 records of 10,000-character values per call;
//   its set-up also starts the largest accepted run (256 distinct types) once and times it to completion.
// - "endorse 500 deltas": one policy endorsed again and again with the longest accepted delta list.
// Unbounded figures the issue reported, for comparison: 20,000 Select fields sharing a 100,000-option set
// crashed every reader of the entity configuration; a run naming one type 50,000 times aborted the runtime
// (out of memory); 20,000 deltas took 81 s inside the company object.
// Memory: after each of these scenarios, workerd's resident set and its peak so far (VmRSS, VmHWM from
// /proc; Linux only, "n/a" elsewhere). BENCH_BOUNDS_CONNECTIONS (default 1): these are single-request costs.
import { callApi } from "./api.mjs";
import { BENCH_CONFIGURATION } from "./entity-fixture.mjs";
import { describeHistories, NEW_BUSINESS } from "./policy-scenarios.mjs";
import { statusKiB, workerdProcesses } from "./workerd-processes.mjs";

const CONNECTIONS = Number(process.env.BENCH_BOUNDS_CONNECTIONS || 1);
const companyPath = (ctx) => `/api/v1/companies/${ctx.companyId}`;

const MAX_FIELDS = 2_000;
const SELECT_FIELDS = 19; // × 10,000 options, with the benchmark's own Select: just under the 200,000 bound
const OPTIONS = 10_000;
const DELTA_FIELDS = 500;
const CUSTOM_OBJECTS = 249; // with the six entity types and policy: 256 types, the most one run may name
const TEXT = 10_000;

const field = (entityType, referenceId, typeInfo = { kind: "String" }) => ({
  entityType,
  referenceId,
  label: referenceId,
  typeInfo,
});

/** The configuration at the bounds, keeping the benchmark's own option set and fields. */
function largestConfiguration(fillerFields, cards) {
  const own = BENCH_CONFIGURATION.fieldDefinitions;
  const selects = Array.from({ length: SELECT_FIELDS }, (_, i) =>
    field("exposure", `pick${i}`, { kind: "Select", optionSet: "big" }),
  );
  const deltas = Array.from({ length: DELTA_FIELDS }, (_, i) => field("policy", `d${i}`));
  const filler = Array.from({ length: fillerFields }, (_, i) => field("organization", `x${i}`));
  const personName = field("person", "name");
  return {
    optionSets: [
      ...BENCH_CONFIGURATION.optionSets,
      { key: "big", options: Array.from({ length: OPTIONS }, (_, i) => ({ value: `o${i}`, label: `O${i}` })) },
    ],
    fieldDefinitions: [...own, personName, ...selects, ...deltas, ...filler],
    customObjects: Array.from({ length: CUSTOM_OBJECTS }, (_, i) => ({
      key: `object_${i}`,
      name: `Object ${i}`,
      pluralizedName: `Objects ${i}`,
      subFields: [],
    })),
    cardDefinitions: Array.from({ length: cards }, (_, i) => ({
      key: `card${i}`,
      pageKey: "bench",
      entityType: "exposure",
      title: `Card ${i}`,
      parentCardKey: i === 0 ? null : `card${i - 1}`,
    })),
  };
}

/**
 * The largest document within every bound: as many filler fields as fit under 2,000 fields and the
 * 900,000-byte canonical size (found by asking validate), with 500 nested cards.
 */
async function prepareLargest(ctx) {
  if (ctx.largestConfiguration) return;
  const fixed = BENCH_CONFIGURATION.fieldDefinitions.length + 1 + SELECT_FIELDS + DELTA_FIELDS;
  for (let filler = MAX_FIELDS - fixed; filler >= 0; filler -= 50) {
    const document = largestConfiguration(filler, 500);
    const verdict = await callApi(ctx, "POST", `${companyPath(ctx)}/configuration/validate`, { body: document });
    if (verdict.isValid) {
      const bytes = JSON.stringify(document).length;
      console.log(
        `Largest configuration: ${(fixed + filler).toLocaleString("en-US")} fields, ${OPTIONS.toLocaleString("en-US")} options listed by ${SELECT_FIELDS} Select fields, ${CUSTOM_OBJECTS} custom objects, 500 cards (${(bytes / 1e6).toFixed(2)} MB sent)`,
      );
      // The scenarios before these stored quotes and exposures under fields this document leaves out, which the
      // breaking-change gate (issue 10) refuses to strand: the Sandbox demo company is reset first (these
      // scenarios run last, and each sets up the data it measures).
      ctx.histories ??= await describeHistories(ctx); // the policy histories the reset is about to clear
      await callApi(ctx, "POST", `${companyPath(ctx)}/reset`, { headers: { authorization: ctx.sandboxManagerKey } });
      await callApi(ctx, "POST", `${companyPath(ctx)}/configuration/import`, { body: document });
      ctx.largestConfiguration = JSON.stringify(document);
      ctx.largestFields = fixed + filler;
      return;
    }
    const codes = verdict.issues.map((issue) => issue.code);
    if (!codes.every((code) => code === "document-too-large"))
      throw new Error(`Benchmark setup: the largest configuration is refused: ${JSON.stringify(verdict.issues[0])}`);
  }
  throw new Error("Benchmark setup: no configuration within the document size bound");
}

/** workerd's resident set and peak, in MB, from /proc (the dev server's process group); null off Linux. */
export function workerdMemory(ctx) {
  const processes = workerdProcesses(ctx.pid);
  if (!processes?.length) return { rssMb: null, peakRssMb: null };
  const sum = (name) => processes.reduce((total, { pid }) => total + statusKiB(pid, name), 0);
  const rss = sum("VmRSS");
  return rss
    ? { rssMb: Math.round(rss / 1024), peakRssMb: Math.round(sum("VmHWM") / 1024) }
    : { rssMb: null, peakRssMb: null };
}

const jsonRequest = (ctx, method, path, body) => ({
  connections: CONNECTIONS,
  method,
  path: `${companyPath(ctx)}${path}`,
  headers: { authorization: ctx.adminKey, "content-type": "application/json" },
  body,
});

async function setUpConfiguration(ctx) {
  await prepareLargest(ctx);
  return { history: `${ctx.largestFields.toLocaleString("en-US")} fields, 190,000 option values` };
}

/** 100 persons with 10,000-character names, for the largest batch (pageSize is capped at 100). */
async function setUpBatch(ctx) {
  await prepareLargest(ctx);
  const path = `${companyPath(ctx)}/entities/person`;
  const long = "n".repeat(TEXT);
  for (let i = 0; i < 100; i++) await callApi(ctx, "POST", path, { body: { name: long }, expect: 201 });
  const types = ["exposure", "event", "submission", "quote", "person", "organization", "policy"];
  const entityTypes = [...types, ...Array.from({ length: CUSTOM_OBJECTS }, (_, i) => `object_${i}`)];
  const started = Date.now();
  const run = await callApi(ctx, "POST", `${companyPath(ctx)}/data-validation/runs`, {
    body: { entityTypes },
    expect: 202,
  });
  const startMs = Date.now() - started;
  let status = run.status;
  while (!["succeeded", "failed"].includes(status) && Date.now() - started < 600_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    status = (await callApi(ctx, "GET", `${companyPath(ctx)}/data-validation/runs/${run.runId}`)).status;
  }
  const runMs = Date.now() - started;
  console.log(`Largest validation run (256 types): accepted in ${startMs} ms, ${status} after ${runMs} ms`);
  return { history: "100 records × 10,000 chars", runStartMs: startMs, runCompleteMs: runMs, runStatus: status };
}

/** One policy, endorsed again and again with 500 deltas (one per configured policy field). */
async function setUpDeltas(ctx) {
  await prepareLargest(ctx);
  const policy = await callApi(ctx, "POST", `${companyPath(ctx)}/policies/transaction/new-business`, {
    body: { ...NEW_BUSINESS, transactionTimestamp: new Date().toISOString() },
  });
  ctx.deltaPolicy = policy.policyId;
  ctx.deltaRevision = 0;
  const started = Date.now();
  await callApi(ctx, "POST", endorsePath(ctx), { body: JSON.parse(deltasBody(0)) });
  console.log(`First endorsement with ${DELTA_FIELDS} deltas: ${Date.now() - started} ms`);
  return { history: `${DELTA_FIELDS} deltas per endorsement` };
}

const endorsePath = (ctx) => `${companyPath(ctx)}/policies/${ctx.deltaPolicy}/transaction/endorse`;

function deltasBody(revision) {
  return JSON.stringify({
    transactionTimestamp: new Date().toISOString(),
    displayAuthor: "Benchmark",
    effectiveDate: { date: "2026-07-01" },
    deltas: Array.from({ length: DELTA_FIELDS }, (_, i) => ({ path: `policy.d${i}`, value: `r${revision}-${i}` })),
  });
}

function deltasRequest(ctx) {
  return {
    connections: CONNECTIONS,
    requests: [
      {
        method: "POST",
        headers: { authorization: ctx.adminKey, "content-type": "application/json" },
        setupRequest: (req) => ({ ...req, path: endorsePath(ctx), body: deltasBody(++ctx.deltaRevision) }),
      },
    ],
  };
}

const withMemory = (scenario) => ({ ...scenario, after: (ctx) => workerdMemory(ctx) });

export const boundsScenarios = [
  withMemory({
    name: "config validate largest",
    setup: setUpConfiguration,
    request: (ctx) => jsonRequest(ctx, "POST", "/configuration/validate", ctx.largestConfiguration),
  }),
  withMemory({
    name: "config import largest",
    setup: setUpConfiguration,
    request: (ctx) => jsonRequest(ctx, "POST", "/configuration/import", ctx.largestConfiguration),
  }),
  withMemory({
    name: "entity config read largest",
    setup: setUpConfiguration,
    request: (ctx) => ({
      connections: CONNECTIONS,
      path: `${companyPath(ctx)}/entities/exposure/configuration`,
      headers: { authorization: ctx.adminKey },
    }),
  }),
  withMemory({
    name: "validation batch largest",
    setup: setUpBatch,
    request: (ctx) =>
      jsonRequest(ctx, "POST", "/data-validation/batch", JSON.stringify({ entityType: "person", pageSize: 100 })),
  }),
  withMemory({ name: "endorse 500 deltas", setup: setUpDeltas, request: deltasRequest }),
];

export const BOUNDS_SCENARIOS = boundsScenarios.map((scenario) => scenario.name);
