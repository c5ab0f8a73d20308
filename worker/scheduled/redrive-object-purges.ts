import { database } from "../db/client";
import { companiesWithStalePurges } from "../db/queries/files";
import type { Env } from "../env";
import { requestObjectPurge } from "../operations/files/purge-stored-objects";

/**
 * How long a queued object may wait before the cron asks for its company's purge again. The queue retries a
 * failed purge for about two and a half minutes (5 retries, 5 s doubling) and then drops it; a purge asked
 * for normally finishes in seconds.
 */
export const PURGE_STALE_MS = 10 * 60 * 1000;
/** Companies asked for per run; more wait for the next run (every 15 minutes). */
const COMPANIES_PER_RUN = 500;

/**
 * Stored objects are deleted "retried in the background until gone" (CONTRACT section 6, Files): every
 * object still queued for deletion after `PURGE_STALE_MS` (its purge failed past the queue's retries, or was
 * never sent) has its company's purge asked for again, on every run until it is gone. Idempotent: a purge
 * deletes what is queued, and a repeated one deletes nothing more. Answers how many companies were asked.
 */
export async function redriveObjectPurges(env: Env, now: Date, perRun = COMPANIES_PER_RUN): Promise<number> {
  const requestedBefore = new Date(now.getTime() - PURGE_STALE_MS).toISOString();
  // The longest waiting first, so a backlog larger than one run is worked through, never the same companies.
  const companies = await companiesWithStalePurges(database(env.DB), requestedBefore, perRun);
  const requestId = `purge-redrive:${now.toISOString()}`;
  for (const companyId of companies) await requestObjectPurge({ env, companyId, requestId });
  return companies.length;
}
