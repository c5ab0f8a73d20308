import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./http/context";
import { withRateLimitAnswers } from "./openapi-rate-limits";

/**
 * What the service serves today, and only that: capabilities that are not served yet are not named (a
 * test checks each capability named here against the paths, so the text cannot run ahead of the routes).
 */
const DESCRIPTION = [
  "A per-company insurance operations API: exposures, events (claims), submissions, quotes, persons and " +
    "organizations as configurable records; the quote and submission lifecycle (rating with configured " +
    "workflows, bind conditions, bind into a new policy, cancel, submission close and reopen); policies changed " +
    "through transactions, with earned premium and bordereau reporting; custom objects and typed " +
    "relationships; notes (some privileged), tasks, files in folders and forms beside those records; " +
    "configuration; financials (a double-entry ledger behind balances per event, policy and payee, claim " +
    "reserves and payments, invoices and payments, policy invoice plans and bill review); and an audit log.",
  "",
  "**Bodies.** Every body is JSON except two: a file upload (`POST .../files`) is `multipart/form-data`, and a " +
    "file's content read (`GET .../files/{fileId}/content`) answers the stored bytes with the file's media type.",
  "",
  "**Authentication.** Company routes take the raw API key as the whole `Authorization` header value (no " +
    "scheme). `Bearer `/`ApiKey ` prefixes and `X-API-Key` are refused with 401. A key works only under its own " +
    "company's paths (403 otherwise). Each operation names its permission in `x-permission` (`null`: any valid " +
    "key of the company; `x-permissions` lists every permission when there are several; a name such as " +
    "`<entityType>.view` depends on the path, and the key must hold one of `x-permission-any-of`). The " +
    "permission is checked before anything is looked up, so a missing permission is 403 whether or not the " +
    "named record exists. Permissions exist in both `resource.verb` and `company.<entity>:<action>` styles. " +
    "`/admin` routes take `Authorization: Bearer <staff token>` and refuse API keys. A verified key is kept " +
    "for at most 1 second per isolate, with its company's lifecycle and feature switches: a revoked key, a " +
    "retired company or a switched-off `financials` feature applies at once where the change was made and " +
    "within a second everywhere.",
  "",
  "**Retries and budgets.** Mutations accept `Idempotency-Key` (CONTRACT 8.1; see each operation's " +
    "`idempotency-key` header). Each API key has a budget of requests per minute (600 unless staff set " +
    "`rateLimit`): answers carry `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`, and a call over " +
    "budget is 429 `RateLimited` with `Retry-After`. One Durable Object per key holds the count and grants isolates " +
    "units they spend for at most 1 second, so no minute ever allows more than the budget; `RateLimit-Remaining` " +
    "is exact within one isolate and at most 1 second old across them (README, Rate limits).",
  "",
  "**Reading your own writes.** Reads may be served by a D1 read replica. Every company answer that read or " +
    "wrote data carries `X-D1-Bookmark`, the database position it saw (after a write, the write's commit); send " +
    "it back as the `x-d1-bookmark` request header and the call reads nothing older, on any replica. A " +
    "malformed bookmark is 400 `VALIDATION_ERROR`; a replayed idempotent answer carries none.",
  "",
  "**Lifecycle.** `x-lifecycles` lists the company lifecycles an operation runs in; in any other it answers 409 " +
    "`CompanyLifecycleRefused`, after the permission check: a `retired` company can be read but not changed, " +
    "an `uninitialized` one accepts only configuration reads and imports.",
  "",
  "**Bounds.** A JSON body over `x-max-body-bytes` (1 MiB; 5 MiB for a configuration document) is 413 " +
    "`PayloadTooLarge` before it is read; JSON nested deeper than 32 levels, a member named `__proto__`, an " +
    "unknown query parameter, or any member over its schema's `maxLength`, `maxItems`, `maxProperties` or " +
    "bounds is 400 `VALIDATION_ERROR` (`pageSize` is clamped to its stated maximum instead). Free-form values " +
    "state their bound in `x-max-json-length` or `x-bounded-by`. A method a path does not have is 405 with " +
    "`Allow`.",
  "",
  "**Errors.** Every error answers `{error: {code, message, userMessages, details}}`; `userMessages` are safe " +
    "to show as they are; `details` lists `{field, message}` per refused value.",
  "",
  "**Address families.** The same operations are reachable under `/api/v1/companies/{companyId}` (current), " +
    "`/api/v1/external/companies/{companyId}` (second) and `/api/external/companies/{companyId}` (oldest), " +
    "where the interface lists them.",
  "",
  "**Audit.** Every call with a company key or the staff token is audit-logged after the response (request " +
    "id, key id, method, path, status, duration, and a mutation body's root `batchId`: a string as sent, any " +
    "other JSON value as its JSON text, at most 256 characters). Calls that fail authentication go to a " +
    "platform log, never a company's, and their bodies are never read. Responses carry `Cache-Control: " +
    "no-store` (but `/docs/scalar.js`, the reference page's public script, which is revalidated by its `ETag`), " +
    "`X-Content-Type-Options: nosniff` and `X-Request-Id`.",
].join("\n");

/** The document configuration; routes contribute their paths through zod-openapi's registry. */
export const OPENAPI_CONFIG = {
  openapi: "3.1.0",
  info: {
    title: "Insurance Operations API",
    version: "1.0.0",
    contact: { name: "Insurance Operations API team", url: "https://example.com/insurance-operations-api" },
    description: DESCRIPTION,
  },
  servers: [{ url: "/", description: "This deployment" }],
  tags: [
    { name: "System", description: "Liveness and documentation." },
    { name: "Administration", description: "Platform staff: companies, features and API keys." },
    { name: "Access", description: "What the calling key is and may see." },
    { name: "Company", description: "Company lifecycle and Sandbox reset." },
    { name: "Audit", description: "The audit log." },
    { name: "Configuration", description: "The company's configuration." },
    {
      name: "Entities",
      description: "Field Model V1 records: exposures, events, submissions, quotes, persons, organizations.",
    },
    { name: "Events", description: "Event (claim) lifecycle: close, reopen, open/close history." },
    {
      name: "Quotes",
      description: "Quote lifecycle: read, replace, rate, complete, cancel, bind conditions and bind into a policy.",
    },
    { name: "Submissions", description: "Submission lifecycle: close and reopen; the oldest family's create." },
    { name: "Custom objects", description: "Records of the company's configured custom object types." },
    { name: "Relationships", description: "Typed links between records, with enforced cardinality." },
    { name: "Data validation", description: "Stored records checked against the current configuration." },
    { name: "Notes", description: "Notes on records; privileged notes only for `note.view-privileged`." },
    { name: "Tasks", description: "Tasks with due dates, standalone or on a record." },
    { name: "Folders", description: "Folder trees per record and the company's own folders, with categories." },
    { name: "Files", description: "Uploaded documents: metadata, and the bytes in object storage." },
    { name: "Forms", description: "Form templates, forms-logic rules and generated-form records." },
    {
      name: "Policies",
      description: "Policies, changed only through transactions that each produce an immutable version.",
    },
    {
      name: "Financials",
      description:
        "A double-entry ledger of immutable, balanced journal entries behind balances, reserves, payments, " +
        "invoices, policy invoice plans and bill review. Amounts are integer cents within ±10^13.",
    },
  ],
};

export function registerSecuritySchemes(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerComponent("securitySchemes", "ApiKey", {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description: "The raw API key, with no scheme prefix.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "StaffToken", {
    type: "http",
    scheme: "bearer",
    description: "The platform staff token (Worker secret `STAFF_TOKEN`).",
  });
}

export function openApiDocument(app: OpenAPIHono<AppEnv>) {
  return withRateLimitAnswers(app.getOpenAPI31Document(OPENAPI_CONFIG));
}
