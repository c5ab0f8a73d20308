import type { Context } from "hono";
import { batchIdText } from "../lib/batch-id";
import type { AppEnv } from "./context";

/**
 * `batchId` at the root of a JSON request body (interface, Conventions: passed through to the audit log,
 * never validated), for the audit row of the call and for receipts a change commits with itself. Null for
 * a body that is not JSON, not an object, or carries none. Hono keeps the parsed body, so reading it here
 * after a route's own validation costs nothing.
 */
export async function requestBatchId(c: Context<AppEnv>): Promise<string | null> {
  if (!c.req.header("content-type")?.includes("application/json")) return null;
  try {
    const body: unknown = await c.req.json();
    return body && typeof body === "object" && !Array.isArray(body)
      ? batchIdText((body as Record<string, unknown>).batchId)
      : null;
  } catch {
    // Malformed or already-consumed bodies carry no batch id.
    return null;
  }
}
