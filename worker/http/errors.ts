import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ApiError, apiErrorData } from "../errors/api-error";
import { logFailure } from "../lib/log";
import type { AppEnv } from "./context";

export const ErrorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "AuthorizationError" }),
      message: z.string().openapi({ example: "User is not authorized to perform the requested action" }),
      userMessages: z.array(z.string()),
      details: z.array(z.object({ field: z.string(), message: z.string() })),
    }),
  })
  .openapi("Error");

export const errorBody = (e: ApiError) => ({ error: apiErrorData(e) });

const GENERIC_RETRY = "Something went wrong on our side. Please try again in a moment.";

/** `app.onError`: the envelope for thrown errors; anything unexpected is a logged 500. */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  const apiError = toApiError(err, c);
  if (apiError.code === "UncaughtActionError") {
    logFailure("uncaught-action-error", err, { requestId: c.get("requestId"), action: c.get("actionName") });
  }
  return c.json(errorBody(apiError), apiError.status);
}

function toApiError(err: Error, c: Context<AppEnv>): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof HTTPException) {
    if (err.status === 415) {
      return new ApiError({ code: "UnsupportedMediaType", message: "Request bodies must be application/json" });
    }
    if (err.status === 400) {
      return new ApiError({
        code: "VALIDATION_ERROR",
        message: "Malformed JSON in request body",
        userMessages: ["The request body is not valid JSON."],
      });
    }
  }
  const action = c.get("actionName") ?? `${c.req.method} ${c.req.routePath}`;
  return new ApiError({
    code: "UncaughtActionError",
    message: `Uncaught error occurred in ${action}`,
    userMessages: [GENERIC_RETRY],
  });
}
