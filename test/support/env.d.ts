import type { D1Migration } from "@cloudflare/vitest-plugin";
import type { Env as WorkerEnv } from "../../worker/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** The SHA-256 (hex) of the pinned Scalar bundle as the package ships it (vitest.config.ts). */
      REFERENCE_SCRIPT_SHA256: string;
    }
  }
}
