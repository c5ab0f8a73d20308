import { buildApp } from "./app";
import type { BackgroundMessage, Env } from "./env";
import { consumeBackground } from "./queue/consumer";
import { expireIdempotencyKeys } from "./scheduled/expire-idempotency-keys";
import { redriveObjectPurges } from "./scheduled/redrive-object-purges";
import { sweepUnplacedFileObjects } from "./scheduled/sweep-unplaced-objects";

export { CompanyObject } from "../durable/company";
export { RateLimiter } from "../durable/rate-limiter";

const app = buildApp();

export default {
  fetch: app.fetch,
  queue: (batch, env) => consumeBackground(batch, env),
  scheduled: async (controller, env) => {
    const now = new Date(controller.scheduledTime);
    // Independent clean-ups: one failing does not stop the others; the run still fails, so it is seen.
    const runs = await Promise.allSettled([
      expireIdempotencyKeys(env, now),
      sweepUnplacedFileObjects(env, now),
      redriveObjectPurges(env, now),
    ]);
    for (const run of runs) if (run.status === "rejected") throw run.reason;
  },
} satisfies ExportedHandler<Env, BackgroundMessage>;
