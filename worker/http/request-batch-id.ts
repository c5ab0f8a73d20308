import type { Context } from "hono";
import { batchIdText } from "../lib/batch-id";
import { isRecord } from "../lib/json";
import type { AppEnv } from "./context";

/**
 * `batchId` at the root of a JSON request body (interface, Conventions: passed through to the audit log,
 * never interpreted), for the audit row of the call and for receipts a change commits with itself. Read
 * only from a body the route already accepted within its bounds (`boundedJsonBody`): a body refused
 * before that (401, 403, 413, a lifecycle refusal) is never read. Null when there is none.
 */
export function requestBatchId(c: Context<AppEnv>): string | null {
  const body = c.get("jsonBody");
  return isRecord(body) ? batchIdText(body.batchId) : null;
}
