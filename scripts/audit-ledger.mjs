#!/usr/bin/env node
// The ledger auditor's long run (issue 13): the same property test `npm test` runs a few times, here with
// many more and longer random sequences. AUDIT_LEDGER_RUNS (default 100) and AUDIT_LEDGER_STEPS (default 60)
// size it; AUDIT_LEDGER_SEED replays one seed fast-check reported, and AUDIT_LEDGER_PATH with it its
// counterexample at once. A failure is shrunk for at most AUDIT_LEDGER_SHRINK_MINUTES (default 3), then the
// smallest failing sequence found by then is reported.
import { spawnSync } from "node:child_process";

const env = {
  ...process.env,
  AUDIT_LEDGER_RUNS: process.env.AUDIT_LEDGER_RUNS ?? "100",
  AUDIT_LEDGER_STEPS: process.env.AUDIT_LEDGER_STEPS ?? "60",
  WRANGLER_SEND_METRICS: "false",
};
console.log(`ledger auditor: ${env.AUDIT_LEDGER_RUNS} runs of up to ${env.AUDIT_LEDGER_STEPS} operations`);
const result = spawnSync("npx", ["vitest", "run", "--project", "workers", "test/financials/ledger-auditor.test.ts"], {
  env,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
