import type { RequestSession } from "../db/request-session";
import type { Lifecycle } from "../domain/company/lifecycle";
import type { Decision } from "../domain/rate-limits/window";
import type { Env } from "../env";
import type { ErrorCode } from "../errors/api-error";
import type { Actor, HeldIdempotencyKey } from "../operations/context";

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    /** operationId of the matched route; names the action in 500 messages and audit rows. */
    actionName?: string;
    /** Set by authentication: an API key of the company in the path, or platform staff. */
    actor?: Actor;
    /** The company an authenticated company route acts on (the key's own; the path's for staff). */
    companyId?: string;
    /** The company's lifecycle, read with the API key (set by authentication). */
    lifecycle?: Lifecycle;
    /** The company's feature switches, read with the API key (set by authentication; not for staff calls). */
    features?: Record<string, boolean>;
    /** A JSON body read within its route's bounds (`boundedJsonBody`); absent when none was read. */
    jsonBody?: unknown;
    /** The code a route's input validation failures carry (default VALIDATION_ERROR). */
    validationErrorCode?: ErrorCode;
    /** `batchId` of a body the audit cannot read itself (a multipart upload's `batchId` part). */
    batchId?: string;
    /** The API key's rate-limit decision for this request (CONTRACT 8.2), for the answer's headers. */
    rateLimit?: Decision;
    /** The idempotency key the request holds (CONTRACT 8.1), for its writes to mark. */
    idempotency?: HeldIdempotencyKey;
    /** Set when a switched-off feature answered 404 (CONTRACT 7.1): such an answer is not saved. */
    featureSwitchedOff?: boolean;
    /** The request's D1 session (`contextOf`); its bookmark goes out in `X-D1-Bookmark`. */
    d1Session?: RequestSession;
  };
}
