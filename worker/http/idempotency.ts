import type { MiddlewareHandler } from "hono";
import { database } from "../db/client";
import { claimKey, findKey, type IdempotencyRow, releaseKey, saveAnswer, takeOverKey } from "../db/queries/idempotency";
import { claimOrFind, isIdempotencyKey, meetHeldKey, RETENTION_MS, settlementOf } from "../domain/idempotency/keys";
import { ApiError } from "../errors/api-error";
import { logFailure } from "../lib/log";
import type { AppEnv } from "./context";
import { requestFingerprint } from "./request-fingerprint";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** Read-only POSTs (CONTRACT 8.1) besides those marked `readOnly`: the two rate routes. */
const IGNORING = new Set(["rateQuote", "rateQuoteByValue"]);

const inFlight = (message: string) =>
  new ApiError({
    code: "IdempotencyKeyInFlight",
    message,
    userMessages: ["This request is already being processed: retry in a moment."],
  });

/**
 * `Idempotency-Key` on a company mutation (CONTRACT 8.1), after the route's permission, lifecycle and body
 * bounds: the first request with a key holds it and runs; its writes mark the key committed in their own
 * D1 batches; its answer is saved when it is a business outcome, else the key is freed. A later request
 * with the key replays the saved answer (`Idempotent-Replayed: true`), or is refused: 422
 * `IdempotencyKeyReused` for another method, path or body, 409 `IdempotencyKeyInFlight` (`Retry-After: 1`)
 * while the first still runs. Nothing runs for a replay or a refusal.
 */
export function idempotency(options: { readOnly: boolean; actionName: string }): MiddlewareHandler<AppEnv> {
  const ignores = options.readOnly || IGNORING.has(options.actionName);
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (ignores || key === undefined) return next();
    if (!isIdempotencyKey(key)) {
      throw new ApiError({
        code: "VALIDATION_ERROR",
        message: "Idempotency-Key must be 1 to 255 printable ASCII characters",
        details: [{ field: IDEMPOTENCY_HEADER, message: "must be 1 to 255 printable ASCII characters" }],
      });
    }
    const fingerprint = await requestFingerprint(c);
    // A body the fingerprint cannot read (malformed, too large) is refused by its route: nothing to hold.
    if (fingerprint === null) return next();
    const db = database(c.env.DB);
    const now = new Date();
    const scope = {
      companyId: c.get("companyId") ?? "",
      callerId: c.get("actor")?.keyId ?? "staff",
      idempotencyKey: key,
      holder: c.get("requestId"),
    };
    const row: IdempotencyRow = {
      ...scope,
      fingerprint,
      state: "running",
      status: null,
      body: null,
      contentType: null,
      location: null,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + RETENTION_MS).toISOString(),
    };
    const claim = await claimOrFind(
      () => claimKey(db, row),
      () => findKey(db, scope),
    );
    if (!claim.claimed) {
      const { held } = claim;
      if (!held) {
        c.header("Retry-After", "1");
        throw inFlight("A request with this Idempotency-Key is still being processed");
      }
      const meeting = meetHeldKey(held, row.fingerprint, now);
      if (meeting === "replay") {
        const status = held.status ?? 200;
        return new Response(status === 204 ? null : (held.body ?? ""), {
          status,
          headers: {
            ...(held.contentType ? { "Content-Type": held.contentType } : {}),
            ...(held.location ? { Location: held.location } : {}),
            "Idempotent-Replayed": "true",
          },
        });
      }
      if (meeting === "reused") {
        throw new ApiError({
          code: "IdempotencyKeyReused",
          message: "This Idempotency-Key was used with another method, path or body",
          details: [{ field: IDEMPOTENCY_HEADER, message: "was used with another request" }],
        });
      }
      if (meeting === "answer-lost")
        throw inFlight("The first request with this Idempotency-Key wrote its change, but its answer was lost");
      const takenOver = meeting === "take-over" && (await takeOverKey(db, row, held.holder));
      if (!takenOver) {
        c.header("Retry-After", "1");
        throw inFlight("A request with this Idempotency-Key is still being processed");
      }
    }
    c.set("idempotency", scope);
    try {
      await next();
    } finally {
      await settle(c, db, scope);
    }
  };
}

/** After the holding request: its answer saved when it is a business outcome, else the key freed (`settlementOf`). */
async function settle(
  c: Parameters<MiddlewareHandler<AppEnv>>[0],
  db: ReturnType<typeof database>,
  scope: { companyId: string; callerId: string; idempotencyKey: string; holder: string },
) {
  const status = c.res.status;
  try {
    const settlement = settlementOf(status, c.get("featureSwitchedOff") === true);
    if (settlement !== "save") return await releaseKey(db, scope, settlement === "free-if-uncommitted");
    const body = await c.res.clone().text();
    const contentType = c.res.headers.get("Content-Type");
    const location = c.res.headers.get("Location");
    const expiresAt = new Date(Date.now() + RETENTION_MS).toISOString();
    await saveAnswer(db, scope, { status, body, contentType, location, expiresAt });
  } catch (error) {
    logFailure("idempotency.settle", error, { requestId: scope.holder, status });
  }
}
