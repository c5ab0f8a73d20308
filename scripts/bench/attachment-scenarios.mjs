// Files and notes against the demo company (issue 14).
// - File upload 10 MiB: POST P/files with one 10 MiB file part, BENCH_FILE_UPLOADS (default 20) uploads per
//   run over BENCH_FILE_CONNECTIONS (default 1) connections; MiB/s = bytes uploaded / elapsed time. While
//   it runs, the resident memory of the dev server's workerd processes is sampled from /proc (Linux): the
//   runtime exposes no per-isolate memory figure, so the process peak above its level before the run is
//   the closest outside measure of what the upload holds in memory.
// - File upload 10 MiB with a new Idempotency-Key on each: the same, with the key's fingerprint of the body
//   (streamed beside the upload, so the memory figure shows what the key adds).
// - File download 10 MiB: GET P/files/{fileId}/content of one stored 10 MiB file, for BENCH_SECONDS;
//   MiB/s = bytes downloaded / elapsed time.
// - Note list 10k: GET P/notes of one exposure holding 10,000 notes (seeded through SQL), default page of
//   50, newest first; the figure is the p50 latency.
import { callApi, SETUP_CALL_TIMEOUT_MS } from "./api.mjs";
import { BENCH_CONFIGURATION, CREATE_BODY, ENTITY_TYPE } from "./entity-fixture.mjs";
import { runSqlBatches, sqlText } from "./sql-batches.mjs";
import { statusKiB, workerdProcesses } from "./workerd-processes.mjs";

const MIB = 1024 * 1024;
const FILE_BYTES = 10 * MIB;
const CONNECTIONS = Number(process.env.BENCH_FILE_CONNECTIONS || 1);
const UPLOADS = Number(process.env.BENCH_FILE_UPLOADS || 20);
const NOTES = 10_000;
const BOUNDARY = "----bench-boundary-9f8e7d";

const companyPath = (ctx) => `/api/v1/companies/${ctx.companyId}`;

/** A multipart body with one file part of `size` pseudo-random bytes (incompressible, like a scan or a PDF). */
function multipartBody(size) {
  const bytes = Buffer.allocUnsafe(size);
  let x = 2463534242;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 255;
  }
  const head =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench-10mib.bin"\r\n` +
    "Content-Type: application/octet-stream\r\n\r\n";
  return Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

const uploadHeaders = (ctx) => ({
  authorization: ctx.adminKey,
  "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
});

/** Resident memory (KiB) of the workerd processes in the dev server's process group, or null off Linux. */
function workerdRssKiB(groupId) {
  const processes = workerdProcesses(groupId);
  if (!processes?.length) return null;
  const rss = processes.reduce((total, { pid }) => total + statusKiB(pid, "VmRSS"), 0);
  return rss || null;
}

/** Samples workerd's resident memory every 20 ms until stopped; reports the level before and the peak. */
function startMemorySampler(groupId) {
  const before = workerdRssKiB(groupId);
  let peak = before;
  const timer = setInterval(() => {
    const now = workerdRssKiB(groupId);
    if (now !== null && (peak === null || now > peak)) peak = now;
  }, 20);
  return () => {
    clearInterval(timer);
    return before === null || peak === null
      ? { workerdRssBeforeMiB: null, workerdRssPeakMiB: null, workerdRssGrowthMiB: null }
      : {
          workerdRssBeforeMiB: Math.round(before / 102.4) / 10,
          workerdRssPeakMiB: Math.round(peak / 102.4) / 10,
          workerdRssGrowthMiB: Math.round((peak - before) / 102.4) / 10,
        };
  };
}

/** MiB moved per second over the whole measured run (autocannon's `duration` is in seconds). */
const mibPerSecond = (result) =>
  result.duration > 0 ? Math.round(((result.requests.total * FILE_BYTES) / MIB / result.duration) * 10) / 10 : null;

async function setUpUpload(ctx) {
  ctx.uploadBody ??= multipartBody(FILE_BYTES);
  return { history: `${UPLOADS} × 10 MiB` };
}

function uploadRequest(ctx) {
  return {
    connections: CONNECTIONS,
    amount: UPLOADS,
    method: "POST",
    path: `${companyPath(ctx)}/files`,
    headers: uploadHeaders(ctx),
    body: ctx.uploadBody,
  };
}

/** The same uploads, each with a new `Idempotency-Key`: the key's fingerprint reads the body too. */
function keyedUploadRequest(ctx) {
  const plain = uploadRequest(ctx);
  let n = 0;
  return {
    ...plain,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: { ...plain.headers, "idempotency-key": `bench-upload-${Date.now()}-${++n}` },
        }),
      },
    ],
  };
}

async function setUpDownload(ctx) {
  ctx.uploadBody ??= multipartBody(FILE_BYTES);
  const res = await fetch(new URL(`${companyPath(ctx)}/files`, ctx.baseUrl), {
    method: "POST",
    headers: uploadHeaders(ctx),
    body: ctx.uploadBody,
    signal: AbortSignal.timeout(SETUP_CALL_TIMEOUT_MS),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`Benchmark setup: the 10 MiB upload answered ${res.status}: ${text}`);
  ctx.downloadFileId = JSON.parse(text).id;
  return { history: "1 × 10 MiB" };
}

function downloadRequest(ctx) {
  return {
    connections: CONNECTIONS,
    method: "GET",
    path: `${companyPath(ctx)}/files/${ctx.downloadFileId}/content`,
    headers: { authorization: ctx.adminKey },
  };
}

/** One exposure with 10,000 notes (a tenth of them privileged), seeded through SQL with distinct creation times. */
async function setUpNotes(ctx) {
  if (!ctx.noteRecordId) {
    await callApi(ctx, "POST", `${companyPath(ctx)}/configuration/import`, { body: BENCH_CONFIGURATION });
    ctx.seedCreatedBy ??= (await callApi(ctx, "GET", `${companyPath(ctx)}/me`)).keyId;
    ctx.noteRecordId = (
      await callApi(ctx, "POST", `${companyPath(ctx)}/entities/${ENTITY_TYPE}`, {
        body: JSON.parse(CREATE_BODY),
        expect: 201,
      })
    ).id;
    const started = Date.now();
    const startMs = Date.now() - NOTES;
    await runSqlBatches({
      persistDir: ctx.persistDir,
      name: "notes",
      count: NOTES,
      rowsPerFile: NOTES,
      rowsPerStatement: 100,
      statementsFor(start, end) {
        const rows = [];
        for (let i = start; i < end; i++) {
          const at = new Date(startMs + i).toISOString();
          const text = [crypto.randomUUID(), ctx.companyId, ENTITY_TYPE, ctx.noteRecordId, `Seeded note ${i}`];
          const privileged = i % 10 === 0 ? 1 : 0;
          const stamps = [at, at, ctx.seedCreatedBy].map(sqlText).join(", ");
          rows.push(`(${text.map(sqlText).join(", ")}, ${privileged}, ${stamps})`);
        }
        return [
          "INSERT INTO notes (id, company_id, entity_type, entity_id, note, privileged, created_at, updated_at, " +
            `created_by) VALUES\n${rows.join(",\n")};`,
        ];
      },
    });
    console.log(
      `Seeded ${NOTES.toLocaleString("en-US")} notes on one exposure through SQL ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const listed = await callApi(
    ctx,
    "GET",
    `${companyPath(ctx)}/notes?entityType=${ENTITY_TYPE}&entityId=${ctx.noteRecordId}&pageSize=1`,
  );
  if (listed.totalCount !== NOTES)
    throw new Error(`Benchmark setup: the exposure lists ${listed.totalCount} notes, expected ${NOTES}`);
  return { history: `${NOTES.toLocaleString("en-US")} notes, 1 record` };
}

function noteListRequest(ctx) {
  return {
    method: "GET",
    path: `${companyPath(ctx)}/notes?entityType=${ENTITY_TYPE}&entityId=${ctx.noteRecordId}`,
    headers: { authorization: ctx.adminKey },
  };
}

export const UPLOAD_SCENARIO = "file upload 10MiB";
export const KEYED_UPLOAD_SCENARIO = "file upload 10MiB, new Idempotency-Key each";
export const DOWNLOAD_SCENARIO = "file download 10MiB";
export const NOTE_LIST_SCENARIO = "note list 10k";

/**
 * `beforeRun(ctx)` runs after the warm-up, just before the measured run; `afterRun(ctx, result)` returns
 * extra row fields (see scripts/bench.mjs).
 */
export const attachmentScenarios = [
  ...[
    [UPLOAD_SCENARIO, uploadRequest],
    [KEYED_UPLOAD_SCENARIO, keyedUploadRequest],
  ].map(([name, request]) => ({
    name,
    setup: setUpUpload,
    request,
    beforeRun: (ctx) => {
      ctx.stopSampler = startMemorySampler(ctx.processGroup);
    },
    afterRun: (ctx, result) => ({ mibPerSecond: mibPerSecond(result), ...ctx.stopSampler() }),
  })),
  {
    name: DOWNLOAD_SCENARIO,
    setup: setUpDownload,
    request: downloadRequest,
    afterRun: (_ctx, result) => ({ mibPerSecond: mibPerSecond(result) }),
  },
  { name: NOTE_LIST_SCENARIO, setup: setUpNotes, request: noteListRequest },
];
