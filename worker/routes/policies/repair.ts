import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { type RpcResult, unwrap } from "../../../durable/rpc-result";
import { companyObjectStub } from "../../company-object";
import { database } from "../../db/client";
import { findCompany } from "../../db/queries/companies";
import { notFound } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import {
  conflictResponse,
  FAMILY_PREFIX,
  jsonBody,
  jsonContent,
  notFoundResponse,
  staffRoute,
  UuidSchema,
  validationErrorResponse,
} from "../../http/route";
import type { MaintenanceActor, RepairOutcome, RepairRequest } from "../../operations/policies/repair-policy";

/** Any JSON value, null included; only an absent member is refused. */
const JsonValue = (description: string) =>
  z
    .unknown()
    .refine((v) => v !== undefined, { message: "is required" })
    .openapi({ description: `${description} Required; any JSON value, null included.` });

const common = {
  policyId: UuidSchema.openapi({ description: "The policy to repair; a policy of another company is 404." }),
  dryRun: z.boolean().default(false).openapi({ description: "Answer what would change without writing anything." }),
  batchId: z.union([z.string(), z.number()]).optional(),
};

const FieldValueChangeSchema = z
  .object({
    version: z.number().int().min(1).optional().openapi({
      description: "When given, must be the policy's current version (409 `StalePolicyVersion` otherwise).",
    }),
    segmentIndex: z
      .number()
      .int()
      .min(0)
      .optional()
      .openapi({ description: "Only this segment of the current version; omitted means every segment." }),
    path: z.string().openapi({
      description:
        "`policy.<referenceId>`, optionally deeper (`policy.fullTermPricingInfo.pricingComponents`, `policy.exposures.0.exposureName`).",
      example: "policy.limit",
    }),
    expected: JsonValue("The value every targeted segment must hold now (an absent value reads as null)."),
    value: JsonValue("The value to store instead, checked as a write would check it."),
  })
  .strict()
  .openapi("PolicyFieldValueChange");

const RepairBodySchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("segmentHashes"), ...common }).strict(),
    z.object({ kind: z.literal("joinHistory"), ...common }).strict(),
    z
      .object({ kind: z.literal("fieldValues"), ...common, changes: z.array(FieldValueChangeSchema).min(1).max(100) })
      .strict(),
  ])
  .openapi("PolicyRepairRequest");

const SegmentHashChangeSchema = z
  .object({
    segmentIndex: z.number().int(),
    startDate: z.string(),
    endDate: z.string(),
    recordedHash: z.string().nullable(),
    hash: z.string().nullable().openapi({
      description:
        "SHA-256 (hex) of the canonical JSON of the segment's `{startDate, endDate, data}`; null for a `dropped` entry.",
    }),
    outcome: z.enum(["recorded", "mismatch", "dropped"]),
  })
  .openapi("SegmentHashChange");

const JoinHistoryChangeSchema = z
  .union([
    z.object({ target: z.literal("previousPolicy"), before: z.string().nullable(), after: z.string().nullable() }),
    z.object({
      target: z.literal("previousPolicyLink"),
      action: z.enum(["remove", "add"]),
      linkId: z.uuid(),
      toId: z.string(),
    }),
  ])
  .openapi("JoinHistoryChange");

const FieldValueChangeResultSchema = z
  .object({
    segments: z
      .enum(["segments", "restore"])
      .openapi({ description: "`restore`: the segments a cancelled policy gets back on reinstatement." }),
    segmentIndex: z.number().int(),
    startDate: z.string(),
    endDate: z.string(),
    path: z.string().openapi({ description: "The top-level member that changed (`policy.<referenceId>`)." }),
    before: z.unknown(),
    after: z.unknown(),
    derived: z
      .boolean()
      .openapi({ description: "True for a derived value (primary insured) recomputed because of the change." }),
  })
  .openapi("FieldValueRepairChange");

const RepairResultSchema = z
  .object({
    kind: z.enum(["segmentHashes", "joinHistory", "fieldValues"]),
    policyId: z.uuid(),
    dryRun: z.boolean(),
    version: z
      .number()
      .int()
      .openapi({ description: "The current version the repair read and, unless a dry run, changed in place." }),
    receiptId: z.uuid().nullable().openapi({
      description: "The audit receipt committed with the change; null on a dry run or when nothing changed.",
    }),
    changes: z.array(z.union([SegmentHashChangeSchema, JoinHistoryChangeSchema, FieldValueChangeResultSchema])),
  })
  .openapi("PolicyRepairResult");

const repairPolicy = staffRoute({
  method: "post",
  path: `${FAMILY_PREFIX.P}/policies/repair`,
  operationId: "repairPolicy",
  tags: ["Policies"],
  summary: "Repair a policy's stored data (platform staff only)",
  description: [
    "Authenticated only by `Authorization: Bearer <staff token>`: this one company path skips API-key authentication, and any API key (even `SUPER_ADMIN`), a missing header or a wrong token answers 401 `AuthenticationError`. Audit-logged under the company in the path with actor `staff`.",
    "Runs in the company's Durable Object, serialized with policy transactions, and commits atomically (one D1 batch, guarded on the version as read) together with an audit receipt (kind `receipt`, action `repairPolicy.<kind>`, the changes in `detail`). `dryRun: true` answers the same `changes` and writes nothing. When nothing differs, nothing is written and `receiptId` is null. Repairs change the current version in place; no version is added.",
    "**`segmentHashes`**: hashes every segment of the current version (SHA-256 of the canonical JSON of `{startDate, endDate, data}`, keys sorted) and compares with the hashes recorded for that version (kept in the version's stored coverage). `changes` lists `recorded` (no hash yet), `mismatch` (content or span changed since recorded) and `dropped` (a recorded segment no longer exists); the new hashes are then recorded. An empty `changes` means every segment matches.",
    "**`joinHistory`**: the renewal recorded in version 1's data (`previousPolicy`; new business has none) is the truth. The policy's `previousPolicy` head value and its own `previousPolicy` relationship links are made to agree: exactly one link to the recorded previous policy (the oldest existing one is kept), none for new business. Links pointing at this policy belong to its renewals and are repaired from their side. 409 `PreviousPolicyMissing` when the recorded previous policy is not a policy of the company.",
    "**`fieldValues`**: compare-and-swap of stored values: `changes: [{version?, segmentIndex?, path, expected, value}]`. Each change targets one segment or every segment of the current version (while cancelled, also the restore segments covering the same days, so reinstatement does not bring old values back). Every targeted location must hold `expected` (absent reads as null), else 409 `FieldValueMismatch` naming each path and segment, and nothing changes. New values are checked as a write checks them (400 `VALIDATION_ERROR`); pricing rollups are recomputed and the primary insured derived again (reported with `derived: true`). Refused (400): `policyNumber`, `previousPolicy` (use `joinHistory`), `policyStartDate`, `policyEndDate` (use a transaction), derived and calculated fields, unknown fields, two changes to the same value in the same segment. A `version` other than the current one is 409 `StalePolicyVersion`. Recorded segment hashes of the version are updated with the change.",
  ].join("\n\n"),
  request: {
    params: z.object({ companyId: UuidSchema.openapi({ param: { name: "companyId", in: "path" } }) }),
    body: jsonBody(RepairBodySchema),
  },
  responses: {
    200: jsonContent(RepairResultSchema, "What the repair changed (or, on a dry run, would change)."),
    ...validationErrorResponse,
    ...notFoundResponse,
    ...conflictResponse(
      "Stored values differ from `expected` (`FieldValueMismatch`), a `version` is not current (`StalePolicyVersion`), the recorded previous policy is missing (`PreviousPolicyMissing`), or the policy changed during the repair (`Conflict`).",
    ),
  },
});

export function registerPolicyRepairRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(repairPolicy, async (c) => {
    const { companyId } = c.req.valid("param");
    const body = c.req.valid("json");
    // Staff can name any company: an unknown one is 404 before any company object is touched.
    if (!(await findCompany(database(c.env.DB), companyId))) throw notFound();
    const request: RepairRequest =
      body.kind === "fieldValues"
        ? { kind: body.kind, policyId: body.policyId, dryRun: body.dryRun, changes: body.changes }
        : { kind: body.kind, policyId: body.policyId, dryRun: body.dryRun };
    const actor: MaintenanceActor = {
      requestId: c.get("requestId"),
      keyId: null,
      actor: "staff",
      method: c.req.method,
      path: c.req.path,
      batchId: body.batchId === undefined ? null : String(body.batchId),
    };
    const result = await companyObjectStub(c.env, companyId).policyMaintenance(companyId, request, actor);
    // The RPC stub widens nested `unknown` members; the object returns exactly a RepairOutcome here.
    return c.json(unwrap(result as RpcResult<RepairOutcome>), 200);
  });
}
