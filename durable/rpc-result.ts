import { ApiError, type ErrorCode, type FieldError } from "../worker/http/errors";

/**
 * Custom error classes do not survive a Durable Object RPC boundary, so object methods return a
 * result and the worker rethrows the ApiError on its side.
 */
export type RpcResult<T> =
  | { ok: true; value: T }
  | { ok: false; error: { code: ErrorCode; message: string; userMessages: string[]; details: FieldError[] } };

export async function asRpcResult<T>(operation: () => Promise<T>): Promise<RpcResult<T>> {
  try {
    return { ok: true, value: await operation() };
  } catch (err) {
    if (err instanceof ApiError) {
      return {
        ok: false,
        error: { code: err.code, message: err.message, userMessages: err.userMessages, details: err.details },
      };
    }
    throw err;
  }
}

export function unwrap<T>(result: RpcResult<T>): T {
  if (result.ok) return result.value;
  throw new ApiError(result.error);
}
