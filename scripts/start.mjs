// `npm start`: the service on 127.0.0.1:$PORT (default 8787) with a Sandbox demo company.
// PERSIST_DIR (optional) is passed to wrangler's --persist-to; default is .wrangler/state.
// wrangler's own output goes to stderr; the summary below goes to stdout.
import { startDevServer } from "./dev-server.mjs";

const port = Number(process.env.PORT || 8787);
const persistDir = process.env.PERSIST_DIR || undefined;

let server;
try {
  server = await startDevServer({ port, persistDir, log: (text) => process.stderr.write(text) });
} catch (error) {
  console.error(`\nCould not start the service: ${error.message}`);
  process.exit(1);
}

const { baseUrl, companyId, adminKey, sandboxManagerKey, program } = server;
console.log(`
Insurance Operations API is running at ${baseUrl}

  Demo company (Sandbox): ${companyId}
  Admin key:              ${adminKey}
  SandboxManager key:     ${sandboxManagerKey}

  Commercial auto program with sample data (README, "A walk through the demo company"):
  Bound policy:           ${program.policyId}
  Open claim:             ${program.claimId}
  Rated quote to bind:    ${program.quoteId}

Try it:
  curl -s ${baseUrl}/api/v1/companies/${companyId}/lifecycle -H 'Authorization: ${adminKey}'

API reference: ${baseUrl}/docs (OpenAPI document: ${baseUrl}/openapi.json)
Press Ctrl-C to stop.
`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

server.exited.then(({ code, signal }) => {
  if (stopping) return;
  console.error(`wrangler dev stopped unexpectedly (code ${code}, signal ${signal}).`);
  process.exit(1);
});
