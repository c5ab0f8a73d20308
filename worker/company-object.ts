import type { CompanyObject } from "../durable/company";
import { type RpcResult, unwrap } from "../durable/rpc-result";
import type { Call, OperationContext } from "./operations/context";

type ObjectStubMethod = (call: Call, ...args: unknown[]) => Promise<RpcResult<unknown>>;

/** An object method as the object defines it: the call first, then the operation's own input. */
type ObjectMethod = (call: Call, ...args: never[]) => Promise<RpcResult<unknown>>;

/**
 * The company object's operations as routes see them: the call is supplied, the result unwrapped, a
 * refusal rethrown as the ApiError the operation threw inside the object.
 */
export type CompanyObjectFacade = {
  [K in keyof CompanyObject as CompanyObject[K] extends ObjectMethod ? K : never]: CompanyObject[K] extends (
    call: Call,
    ...args: infer A
  ) => Promise<RpcResult<infer R>>
    ? (...args: A) => Promise<R>
    : never;
};

/** The plain-data part of a context: what crosses the RPC boundary (never bindings or handles). */
export const callOf = (ctx: OperationContext): Call => ({
  companyId: ctx.companyId,
  actor: ctx.actor,
  requestId: ctx.requestId,
  method: ctx.method,
  path: ctx.path,
  batchId: ctx.batchId,
  idempotency: ctx.idempotency ?? null,
});

/**
 * The doorway to a company's Durable Object (one per company id): every operation that must run
 * serialized per company is called through here. Routes never import `durable/`.
 */
export function companyObject(ctx: OperationContext): CompanyObjectFacade {
  // Every property of an RPC stub is a remote method; the facade's type says which ones exist.
  const stub = ctx.env.COMPANY.get(ctx.env.COMPANY.idFromName(ctx.companyId)) as unknown as {
    [method: string]: (call: Call, ...args: unknown[]) => Promise<RpcResult<unknown>>;
  };
  const call = callOf(ctx);
  return new Proxy({} as CompanyObjectFacade, {
    get(_target, method) {
      if (typeof method !== "string" || method === "then") return undefined;
      return async (...args: unknown[]) =>
        unwrap(await (stub[method] as ObjectStubMethod)(call, ...args), (bookmark) => ctx.session?.advanceTo(bookmark));
    },
  });
}
