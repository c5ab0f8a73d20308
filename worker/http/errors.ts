import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./context";

/** Error codes with their HTTP status. Codes the interface names are spelled exactly as it does. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  InvalidFieldModelV1Data: 400,
  InvalidPolicyData: 400,
  InvalidDelta: 400,
  GeneratedFieldWrite: 400,
  InvalidEntityShape: 400,
  InvalidConfiguration: 400,
  AuthenticationError: 401,
  AuthorizationError: 403,
  "field-write-permission-required": 403,
  NotFoundError: 404,
  MethodNotAllowed: 405,
  Conflict: 409,
  CompanyLifecycleRefused: 409,
  InvalidPolicyTransition: 409,
  PolicyNumberTaken: 409,
  GuardedStatusFieldWrite: 409,
  EventLifecycleDateOutOfOrder: 409,
  // Close needs an open event, reopen a closed one (interface, States: Event rows).
  EventNotOpen: 409,
  EventNotClosed: 409,
  BreakingConfigurationChange: 409,
  ContentHashMismatch: 409,
  RelationshipCardinalityViolation: 409,
  LiveReferencesExist: 409,
  // Policy repair (POST P/policies/repair): compare-and-swap found other values; a version not current; a renewal naming a missing policy.
  FieldValueMismatch: 409,
  StalePolicyVersion: 409,
  PreviousPolicyMissing: 409,
  UnsupportedMediaType: 415,
  UncaughtActionError: 500,
  starter_configuration_unavailable: 501,
  // Google Sheets, read with the caller's own OAuth token (worker/clients/google-sheets.ts).
  SheetsTokenRejected: 400,
  SheetsAccessDenied: 400,
  SpreadsheetNotFound: 404,
  SheetsUnavailable: 502,
  // Google Sheets and Drive writes of a bordereau export (worker/clients/google-sheets.ts).
  FolderNotFound: 404,
  SheetsRequestRejected: 400,
  // Export presets (interface, Errors): a field key the surface does not have; a name the owner already uses.
  UnknownExportFieldKey: 400,
  ExportPresetNameTaken: 409,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  field: string;
  message: string;
}

interface ApiErrorInit {
  code: ErrorCode;
  message: string;
  userMessages?: string[];
  details?: FieldError[];
}

/** The one error type routes throw; `handleError` turns it into the interface's envelope. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly userMessages: string[];
  readonly details: FieldError[];

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.code = init.code;
    this.status = ERROR_STATUS[init.code];
    this.userMessages = init.userMessages ?? [init.message];
    this.details = init.details ?? [];
  }
}

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

export function errorBody(e: ApiError) {
  return { error: { code: e.code, message: e.message, userMessages: e.userMessages, details: e.details } };
}

export const notFound = () => new ApiError({ code: "NotFoundError", message: "Not found" });

const GENERIC_RETRY = "Something went wrong on our side. Please try again in a moment.";

/** `app.onError`: the envelope for thrown errors; anything unexpected is a logged 500. */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  const apiError = toApiError(err, c);
  if (apiError.code === "UncaughtActionError") {
    console.error(
      JSON.stringify({
        requestId: c.get("requestId"),
        action: c.get("actionName"),
        error: String(err),
        stack: err.stack,
      }),
    );
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
