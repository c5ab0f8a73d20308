import { createScheduledController, env } from "cloudflare:test";
import worker from "../../worker/index";

const EVERY_15_MINUTES = "*/15 * * * *";

/** Runs the worker's cron trigger (every 15 minutes, wrangler.toml) as if it fired at `scheduledTime` (ms). */
export const runScheduled = (scheduledTime = Date.now()) =>
  worker.scheduled(createScheduledController({ scheduledTime, cron: EVERY_15_MINUTES }), env);
