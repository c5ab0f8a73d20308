import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import {
  conflictResponse,
  contextOf,
  FAMILY_PREFIX,
  jsonBody,
  jsonContent,
  notFoundResponse,
  staffRoute,
  UuidSchema,
  validationErrorResponse,
} from "../../http/route";
import { batchIdText } from "../../lib/batch-id";
import { RepairBodySchema, RepairResultSchema } from "./repair-schemas";

const DESCRIPTION = [
  "Authenticated only by `Authorization: Bearer <staff token>`: this one company path skips API-key " +
    "authentication, and any API key (even `SUPER_ADMIN`), a missing header or a wrong token answers 401 " +
    "`AuthenticationError`. Audit-logged under the company in the path with actor `staff`.",
  "Runs in the company's Durable Object, serialized with policy transactions, and commits atomically (one D1 " +
    "batch, guarded on the version as read) together with an audit receipt (kind `receipt`, action " +
    "`repairPolicy.<kind>`, the changes in `detail`). `dryRun: true` answers the same `changes` and writes " +
    "nothing. When nothing differs, nothing is written and `receiptId` is null. Repairs change the current version " +
    "in place; no version is added.",
  "**`segmentHashes`**: hashes every segment of the current version (SHA-256 of the canonical JSON of " +
    "`{startDate, endDate, data}`, keys sorted) and compares with the hashes recorded for that version (kept in " +
    "the version's stored coverage). `changes` lists `recorded` (no hash yet), `mismatch` (content or span changed " +
    "since recorded) and `dropped` (a recorded segment no longer exists); the new hashes are then recorded. An " +
    "empty `changes` means every segment matches.",
  "**`joinHistory`**: the renewal recorded in version 1's data (`previousPolicy`; new business has none) is the " +
    "truth. The policy's `previousPolicy` head value and its own `previousPolicy` relationship links are made to " +
    "agree: exactly one link to the recorded previous policy (the oldest existing one is kept), none for new " +
    "business. Links pointing at this policy belong to its renewals and are repaired from their side. 409 " +
    "`PreviousPolicyMissing` when the recorded previous policy is not a policy of the company.",
  "**`fieldValues`**: compare-and-swap of stored values: `changes: [{version?, segmentIndex?, path, expected, " +
    "value}]`. Each change targets one segment or every segment of the current version (while cancelled, also the " +
    "restore segments covering the same days, so reinstatement does not bring old values back). Every targeted " +
    "location must hold `expected` (absent reads as null), else 409 `FieldValueMismatch` naming each path and " +
    "segment, and nothing changes. New values are checked as a write checks them (400 `VALIDATION_ERROR`); pricing " +
    "rollups are recomputed and the primary insured derived again (reported with `derived: true`). Refused (400): " +
    "`policyNumber`, `previousPolicy` (use `joinHistory`), `policyStartDate`, `policyEndDate` (use a " +
    "transaction), derived and calculated fields, unknown fields, two changes to the same value in the same " +
    "segment. A `version` other than the current one is 409 `StalePolicyVersion`. Recorded segment hashes of the " +
    "version are updated with the change.",
].join("\n\n");

const CONFLICTS =
  "Stored values differ from `expected` (`FieldValueMismatch`), a `version` is not current " +
  "(`StalePolicyVersion`), the recorded previous policy is missing (`PreviousPolicyMissing`), or the policy " +
  "changed during the repair (`Conflict`).";

export const repairPolicy = defineRoute(
  staffRoute({
    method: "post",
    path: `${FAMILY_PREFIX.P}/policies/repair`,
    operationId: "repairPolicy",
    tags: ["Policies"],
    summary: "Repair a policy's stored data (platform staff only)",
    description: DESCRIPTION,
    request: {
      params: z.object({ companyId: UuidSchema.openapi({ param: { name: "companyId", in: "path" } }) }),
      body: jsonBody(RepairBodySchema),
    },
    responses: {
      200: jsonContent(RepairResultSchema, "What the repair changed (or, on a dry run, would change)."),
      ...validationErrorResponse,
      ...notFoundResponse,
      ...conflictResponse(CONFLICTS),
    },
  }),
  async (c) => {
    const { batchId, ...request } = c.req.valid("json");
    const ctx = contextOf(c, { companyId: c.req.valid("param").companyId, batchId: batchIdText(batchId) });
    // An unknown company is 404 from inside its object, as for every staff change of a company.
    return c.json(await companyObject(ctx).repairPolicy(request), 200);
  },
);
