import type { Grants } from "../domain/access/roles";
import type { Env } from "../env";
import type { ErrorCode } from "./errors";

/** Who is calling: an API key scoped to one company, or platform staff. */
export type Caller =
  | { kind: "key"; keyId: string; companyId: string; roles: string[]; permissions: string[]; grants: Grants }
  | { kind: "staff" };

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    /** operationId of the matched route; names the action in 500 messages and audit rows. */
    actionName?: string;
    caller?: Caller;
    /** The code a route's input validation failures carry (default VALIDATION_ERROR). */
    validationErrorCode?: ErrorCode;
  };
}

export type KeyCaller = Extract<Caller, { kind: "key" }>;
