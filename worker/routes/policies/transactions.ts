import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { type RpcResult, unwrap } from "../../../durable/rpc-result";
import { companyObjectStub } from "../../company-object";
import { Fmv1DateSchema } from "../../domain/dates/fmv1-date-schema";
import type { TransactionRequest } from "../../domain/policies/transactions";
import { ApiError, type ErrorCode } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import {
  companyParams,
  companyRoute,
  conflictResponse,
  jsonBody,
  jsonContent,
  keyCaller,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import type { PolicyVersionView } from "../../operations/policies/policy-transactions";
import { PolicyIdParam, PolicyVersionSchema } from "./schemas";

const base = {
  transactionTimestamp: z.iso
    .datetime({ offset: true })
    .openapi({ description: "When the transaction happened (ISO 8601); recorded on the version." }),
  displayAuthor: z.string().trim().min(1).max(200),
  invoicePlan: z
    .unknown()
    .optional()
    .openapi({ description: "Not available yet: a transaction carrying one is refused 400 naming `invoicePlan`." }),
  batchId: z.unknown().optional(),
};

const StartBody = z
  .object({
    ...base,
    data: z.record(z.string(), z.unknown()).openapi({
      description:
        "Policy field values: `policyStartDate`, `policyEndDate`, pricing containers, `exposures`, configured policy fields; `policyNumber` is kept when sent (minted when absent); renewals carry `previousPolicy`.",
    }),
  })
  .strict();
const EndorseBody = z
  .object({
    ...base,
    effectiveDate: Fmv1DateSchema,
    deltas: z
      .array(z.object({ path: z.string(), value: z.unknown() }).strict())
      .min(1)
      .openapi({
        description:
          '`{path: "policy.<referenceId>", value}`; values are stored exactly as sent. A Date value must be the canonical `{date, timezone}` with both members; the retired spelling or a single-member path (`policy.policyEndDate.year`) is 400 `InvalidDelta`.',
      }),
  })
  .strict();
const CancelBody = z.object({ ...base, effectiveDate: Fmv1DateSchema }).strict();
const ReinstateBody = z.object(base).strict();

function refuseInvoicePlan(body: { invoicePlan?: unknown }, code: ErrorCode) {
  if (body.invoicePlan !== undefined) {
    throw new ApiError({
      code,
      message: "invoicePlan is not available yet: policy invoicing is part of the financials surface",
      userMessages: ["Invoice plans cannot be attached to policy transactions yet."],
      details: [{ field: "invoicePlan", message: "is not supported yet" }],
    });
  }
}

const SERIALIZED =
  "\n\nSerialized per company; each transaction commits one new version atomically with a sequential number.";
/** New business and renewal report payload-shape failures as InvalidPolicyData (interface, Errors). */
const STARTS_POLICY = { validationErrorCode: "InvalidPolicyData" } as const;
const CONFLICTS =
  "The policy is in the wrong state for this transaction (`InvalidPolicyTransition`), or the policy number is taken (`PolicyNumberTaken`).";

async function transact(c: Context<AppEnv>, request: TransactionRequest): Promise<PolicyVersionView> {
  const caller = keyCaller(c);
  const actor = { keyId: caller.keyId, roles: caller.roles, permissions: caller.permissions };
  const result = await companyObjectStub(c.env, caller.companyId).policyTransaction(caller.companyId, request, actor);
  // The RPC stub widens nested `unknown` members; the object returns exactly a PolicyVersionView.
  return unwrap(result as RpcResult<PolicyVersionView>);
}

const policyParams = companyParams({ policyId: PolicyIdParam });

/** What every transaction route shares: POST, its tag, and its answers. */
const TRANSACTION = {
  method: "post" as const,
  tags: ["Policies"],
  responses: {
    200: jsonContent(PolicyVersionSchema, "The new policy version."),
    ...validationErrorResponse,
    ...notFoundResponse,
    ...conflictResponse(CONFLICTS),
  },
};

export function registerPolicyTransactionRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    companyRoute(
      "P",
      "policy.create",
      {
        ...TRANSACTION,
        path: "/policies/transaction/new-business",
        operationId: "newBusiness",
        summary: "Write new business",
        description:
          "Creates a policy (version 1). Payload-shape failures are 400 `InvalidPolicyData` naming the field without a prefix." +
          SERIALIZED,
        request: { params: companyParams(), body: jsonBody(StartBody) },
      },
      STARTS_POLICY,
    ),
    async (c) => {
      const body = c.req.valid("json");
      refuseInvoicePlan(body, "InvalidPolicyData");
      return c.json(
        await transact(c, {
          action: "NEW_BUSINESS",
          transactionTimestamp: body.transactionTimestamp,
          displayAuthor: body.displayAuthor,
          data: body.data,
        }),
        200,
      );
    },
  );
  app.openapi(
    companyRoute(
      "P",
      "policy.renew",
      {
        ...TRANSACTION,
        path: "/policies/transaction/renew",
        operationId: "renewPolicy",
        summary: "Renew a policy",
        description:
          "Creates a new policy (its own id, version 1) whose `previousPolicy` is the renewed policy's id, stored as the relationship `Policy<N:1:previousPolicy>Policy`." +
          SERIALIZED,
        request: { params: companyParams(), body: jsonBody(StartBody) },
      },
      STARTS_POLICY,
    ),
    async (c) => {
      const body = c.req.valid("json");
      refuseInvoicePlan(body, "InvalidPolicyData");
      return c.json(
        await transact(c, {
          action: "RENEW",
          transactionTimestamp: body.transactionTimestamp,
          displayAuthor: body.displayAuthor,
          data: body.data,
        }),
        200,
      );
    },
  );
  app.openapi(
    companyRoute("P", "policy.endorse", {
      ...TRANSACTION,
      path: "/policies/{policyId}/transaction/endorse",
      operationId: "endorsePolicy",
      summary: "Endorse a policy",
      description:
        "Applies the deltas from `effectiveDate` onward: the segment in force then is split there. A new `policy.policyEndDate` moves the term end." +
        SERIALIZED,
      request: { params: policyParams, body: jsonBody(EndorseBody) },
    }),
    async (c) => {
      const body = c.req.valid("json");
      refuseInvoicePlan(body, "VALIDATION_ERROR");
      return c.json(
        await transact(c, {
          action: "ENDORSE",
          policyId: c.req.valid("param").policyId,
          transactionTimestamp: body.transactionTimestamp,
          displayAuthor: body.displayAuthor,
          effectiveDate: body.effectiveDate,
          deltas: body.deltas,
        }),
        200,
      );
    },
  );
  app.openapi(
    companyRoute("P", "policy.cancel", {
      ...TRANSACTION,
      path: "/policies/{policyId}/transaction/cancel",
      operationId: "cancelPolicy",
      summary: "Cancel a policy",
      description:
        "Coverage ends at `effectiveDate`; the version's `startDate`/`endDate` span shrinks to it." + SERIALIZED,
      request: { params: policyParams, body: jsonBody(CancelBody) },
    }),
    async (c) => {
      const body = c.req.valid("json");
      refuseInvoicePlan(body, "VALIDATION_ERROR");
      return c.json(
        await transact(c, {
          action: "CANCEL",
          policyId: c.req.valid("param").policyId,
          transactionTimestamp: body.transactionTimestamp,
          displayAuthor: body.displayAuthor,
          effectiveDate: body.effectiveDate,
        }),
        200,
      );
    },
  );
  app.openapi(
    companyRoute("P", "policy.reinstate", {
      ...TRANSACTION,
      path: "/policies/{policyId}/transaction/reinstate",
      operationId: "reinstatePolicy",
      summary: "Reinstate a cancelled policy",
      description: "Restores the coverage the cancellation ended." + SERIALIZED,
      request: { params: policyParams, body: jsonBody(ReinstateBody) },
    }),
    async (c) => {
      const body = c.req.valid("json");
      refuseInvoicePlan(body, "VALIDATION_ERROR");
      return c.json(
        await transact(c, {
          action: "REINSTATE",
          policyId: c.req.valid("param").policyId,
          transactionTimestamp: body.transactionTimestamp,
          displayAuthor: body.displayAuthor,
        }),
        200,
      );
    },
  );
}
