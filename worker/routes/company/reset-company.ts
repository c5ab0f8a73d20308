import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import { requestBatchId } from "../../http/request-batch-id";
import { companyParams, companyRoute, conflictResponse, contextOf, jsonContent } from "../../http/route";

const ResetReceiptSchema = z
  .object({ companyId: z.string(), lifecycle: z.literal("sandbox"), resetAt: z.string(), receiptId: z.uuid() })
  .openapi("ResetReceipt");

const DESCRIPTION =
  "Clears application data, keeps configuration, API keys and the audit log, restarts sequence counters, and " +
  "commits an audit receipt (kind `receipt`, action `resetCompany`, carrying the body's root `batchId`) in the " +
  "same atomic write. Live, Retired and " +
  "uninitialized companies refuse with 409 `CompanyLifecycleRefused` for every caller.";

export const resetCompany = defineRoute(
  companyRoute(
    "P",
    "company.reset",
    {
      method: "post",
      path: "/reset",
      operationId: "resetCompany",
      tags: ["Company"],
      summary: "Clear a Sandbox company's application data",
      description: DESCRIPTION,
      request: { params: companyParams() },
      responses: {
        200: jsonContent(ResetReceiptSchema, "Reset done; `receiptId` is the audit receipt's id."),
        ...conflictResponse("The company is not Sandbox (`CompanyLifecycleRefused`)."),
      },
    },
    { sandboxOnly: true },
  ),
  async (c) => c.json(await companyObject(contextOf(c, { batchId: requestBatchId(c) })).resetCompany(), 200),
);
