import { buildApp } from "./app";
import type { BackgroundMessage, Env } from "./env";
import { consumeBackground } from "./queue/consumer";
import { expireIdempotencyKeys } from "./scheduled/expire-idempotency-keys";

export { CompanyObject } from "../durable/company";
export { RateLimiter } from "../durable/rate-limiter";

const app = buildApp();

export default {
  fetch: app.fetch,
  queue: (batch, env) => consumeBackground(batch, env),
  scheduled: async (controller, env) => {
    await expireIdempotencyKeys(env, new Date(controller.scheduledTime));
  },
} satisfies ExportedHandler<Env, BackgroundMessage>;
