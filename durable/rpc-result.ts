import { ApiError, type ApiErrorData, apiErrorData } from "../worker/errors/api-error";
import { errorFacts, logFailure } from "../worker/lib/log";

/**
 * Custom error classes do not survive a Durable Object RPC boundary, so object methods return a
 * result and the worker's facade (`worker/company-object.ts`) rethrows the ApiError on its side.
 */
export type RpcResult<T> = { ok: true; value: T; bookmark?: string | null } | { ok: false; error: ApiErrorData };

/** `bookmark` reads the D1 session bookmark after the operation, for the caller to read its own writes. */
export async function asRpcResult<T>(
  operation: () => Promise<T>,
  bookmark: () => string | null = () => null,
): Promise<RpcResult<T>> {
  try {
    const value = await operation();
    return { ok: true, value, bookmark: bookmark() };
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, error: apiErrorData(err) };
    // A database or runtime error's message can hold the SQL parameters of the write (the values being
    // saved): it is logged without it here, and only its class crosses to the worker (its 500 names no data).
    logFailure("company-object-failure", err);
    throw new Error(`Company object operation failed (${errorFacts(err).errorClass})`);
  }
}

/** The value of a result, or its refusal rethrown; `onBookmark` hears the bookmark of a committed operation. */
export function unwrap<T>(result: RpcResult<T>, onBookmark?: (bookmark: string) => void): T {
  if (result.ok) {
    if (result.bookmark) onBookmark?.(result.bookmark);
    return result.value;
  }
  throw new ApiError(result.error);
}

/** The JSON text of a value, typed by the value it encodes. */
export type JsonText<T> = string & { readonly encodes?: T };

/**
 * A large answer sent across the RPC boundary as its JSON text: one string to copy instead of an object graph
 * to serialize in the object and rebuild in the worker, only to be written as JSON there (an endorsement's
 * version view: about a tenth of its CPU at 16 connections, issue 16's profile). Used by endorsements, binds
 * and money writes; the route sends the text as the body unchanged (`jsonText`).
 */
export function asJsonText<T>(result: RpcResult<T>): RpcResult<JsonText<T>> {
  return result.ok ? { ...result, value: JSON.stringify(result.value) } : result;
}
