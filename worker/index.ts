import { buildApp } from "./app";
import type { BackgroundMessage, Env } from "./env";
import { consumeBackground } from "./queue/consumer";

export { CompanyObject } from "../durable/company";
export { RateLimiter } from "../durable/rate-limiter";

const app = buildApp();

export default {
  fetch: app.fetch,
  queue: (batch, env) => consumeBackground(batch, env),
} satisfies ExportedHandler<Env, BackgroundMessage>;
