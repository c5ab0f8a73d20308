import { createHash } from "node:crypto";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { referenceScriptSource, writeReferenceScript } from "./scripts/reference-assets.mjs";
import { FAKE_GEOCODER_ORIGIN, fakeGeocoderOutbound, loggingOutbound } from "./test/support/fake-geocoder.js";
import { FAKE_DRIVE_ORIGIN, FAKE_SHEETS_ORIGIN, fakeSheetsOutbound } from "./test/support/fake-sheets.js";

export const TEST_STAFF_TOKEN = "test-staff-token";

// The worker imports the gzipped reference bundle (worker/generated/, not committed); the /docs/scalar.js test
// compares what it serves with the pinned package's own bytes by their SHA-256.
writeReferenceScript();
const REFERENCE_SCRIPT_SHA256 = createHash("sha256").update(referenceScriptSource()).digest("hex");

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
                STAFF_TOKEN: TEST_STAFF_TOKEN,
                REFERENCE_SCRIPT_SHA256,
                SHEETS_API_BASE_URL: FAKE_SHEETS_ORIGIN,
                DRIVE_API_BASE_URL: FAKE_DRIVE_ORIGIN,
                GEOCODER_BASE_URL: FAKE_GEOCODER_ORIGIN,
                GEOCODER_TIMEOUT_MS: "1500",
                // The ledger auditor's size (test/financials/ledger-auditor.test.ts); `npm run audit:ledger` raises it.
                AUDIT_LEDGER_RUNS: process.env.AUDIT_LEDGER_RUNS ?? "",
                AUDIT_LEDGER_STEPS: process.env.AUDIT_LEDGER_STEPS ?? "",
                AUDIT_LEDGER_SEED: process.env.AUDIT_LEDGER_SEED ?? "",
                AUDIT_LEDGER_PATH: process.env.AUDIT_LEDGER_PATH ?? "",
                AUDIT_LEDGER_SHRINK_MINUTES: process.env.AUDIT_LEDGER_SHRINK_MINUTES ?? "",
              },
              // Outbound fetches (the worker's and the tests') reach a fake Google Sheets (test/support/fake-sheets.ts)
              // or a fake Census geocoder (test/support/fake-geocoder.ts), by host; every one is logged.
              outboundService: loggingOutbound((request) =>
                new URL(request.url).origin === FAKE_GEOCODER_ORIGIN
                  ? fakeGeocoderOutbound(request)
                  : fakeSheetsOutbound(request),
              ),
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["test/**/*.test.ts"],
          exclude: ["test/e2e/**"],
          setupFiles: ["./test/support/apply-migrations.ts"],
          // Before the e2e project (below). Not 0: vitest runs a one-worker project of group 0 after every numbered group.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          // After the workers project, not beside it: a real `npm start` (wrangler dev, then a seed of some
          // hundred calls) takes about 20 s alone, and never has to share the two cores with the suite's workerd.
          sequence: { groupOrder: 2 },
          // Above the e2e start's own deadline (START_DEADLINE_MS), which fails with what the start printed.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
