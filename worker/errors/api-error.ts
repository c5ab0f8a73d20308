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
  // A renewal of a policy that already has a live renewal (CONTRACT section 4, transaction rules).
  PolicyAlreadyRenewed: 409,
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
  // Notes, tasks, folders, files and forms (CONTRACT section 6).
  FolderCycle: 409,
  FolderNotEmpty: 409,
  FormNumberTaken: 409,
  "form-template-referenced-by-form-logic": 409,
  // A link of a relationship only the platform writes (CONTRACT section 4, "Platform-managed links").
  PlatformManagedRelationship: 409,
  // A JSON body over its route's size bound, refused before it is read (CONTRACT 8.3).
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  // Data validation runs of one company: at most 3 queued or running (CONTRACT section 4, "Data validation").
  TooManyDataValidationRuns: 429,
  // An API key over its requests-per-minute budget (CONTRACT 8.2).
  RateLimited: 429,
  // Idempotency keys (CONTRACT 8.1).
  IdempotencyKeyInFlight: 409,
  IdempotencyKeyReused: 422,
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
  // Quotes and submissions (CONTRACT 5.8), and the invoice plan a bind may carry (7.7).
  QuoteLifecycleFieldWrite: 400,
  InvalidLifecycleTransition: 409,
  QuoteNotEditable: 409,
  BindConditionsFailed: 409,
  RatingPreconditionFailed: 422,
  RatingFailed: 422,
  INVOICE_PLAN_INVALID: 422,
  // Financials (CONTRACT section 7.10).
  INVOICE_HEAD_STALE: 409,
  INVOICE_STATUS_CONFLICT: 409,
  EXPECTED_TOTAL_CHANGED: 409,
  POLICY_INVOICE_BATCH_ONLY: 422,
  INVOICE_INVALID: 422,
  INVOICE_PLAN_REQUIRED: 422,
  INVOICE_PLAN_NOT_CONSERVING: 422,
  PAYMENT_EXCEEDS_OWED: 422,
  PAYMENT_INVALID: 422,
  CATEGORY_NOT_RESERVED: 422,
  EXPECTED_TOTAL_BELOW_PAID: 422,
  BACKGROUND_CAPACITY_EXCEEDED: 429,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

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

/**
 * The one error type of the service. Domain refusals are mapped to it in `worker/errors/`; operations,
 * clients and the company object throw it; the HTTP layer turns it into the interface's envelope.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: ErrorStatus;
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

export const notFound = () => new ApiError({ code: "NotFoundError", message: "Not found" });

/** The interface's permission refusal (Authentication 4). */
export const notAuthorized = () =>
  new ApiError({ code: "AuthorizationError", message: "User is not authorized to perform the requested action" });

/** The wire form of an ApiError: what crosses the Durable Object RPC boundary and fills the envelope. */
export interface ApiErrorData {
  code: ErrorCode;
  message: string;
  userMessages: string[];
  details: FieldError[];
}

export const apiErrorData = (e: ApiError): ApiErrorData => ({
  code: e.code,
  message: e.message,
  userMessages: e.userMessages,
  details: e.details,
});
