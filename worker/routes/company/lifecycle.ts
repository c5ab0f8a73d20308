import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { unwrap } from "../../../durable/rpc-result";
import { companyObject } from "../../company-object";
import { database } from "../../db/client";
import { findCompany } from "../../db/queries/companies";
import type { AppEnv } from "../../http/context";
import { notFound } from "../../http/errors";
import { companyParams, companyRoute, conflictResponse, jsonContent, keyCaller } from "../../http/route";
import { LifecycleSchema } from "../admin/company-schema";

const getLifecycle = companyRoute("P", "company.view", {
  method: "get",
  path: "/lifecycle",
  operationId: "getLifecycle",
  tags: ["Company"],
  summary: "The company's lifecycle",
  request: { params: companyParams() },
  responses: {
    200: jsonContent(
      z.object({ companyId: z.string(), lifecycle: LifecycleSchema }).openapi("CompanyLifecycle"),
      "The lifecycle.",
    ),
  },
});

const ResetReceiptSchema = z
  .object({ companyId: z.string(), lifecycle: z.literal("sandbox"), resetAt: z.string(), receiptId: z.uuid() })
  .openapi("ResetReceipt");

const resetCompany = companyRoute("P", "company.reset", {
  method: "post",
  path: "/reset",
  operationId: "resetCompany",
  tags: ["Company"],
  summary: "Clear a Sandbox company's application data",
  description:
    "Clears application data, keeps configuration, API keys and the audit log, restarts sequence counters, and commits an audit receipt (kind `receipt`, action `resetCompany`) in the same atomic write. Live, Retired and uninitialized companies refuse with 409 `CompanyLifecycleRefused` for every caller.",
  request: { params: companyParams() },
  responses: {
    200: jsonContent(ResetReceiptSchema, "Reset done; `receiptId` is the audit receipt's id."),
    ...conflictResponse("The company is not Sandbox (`CompanyLifecycleRefused`)."),
  },
});

export function registerLifecycleRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(getLifecycle, async (c) => {
    const caller = keyCaller(c);
    const company = await findCompany(database(c.env.DB), caller.companyId);
    if (!company) throw notFound();
    return c.json({ companyId: company.id, lifecycle: company.lifecycle }, 200);
  });

  app.openapi(resetCompany, async (c) => {
    const caller = keyCaller(c);
    const actor = {
      requestId: c.get("requestId"),
      keyId: caller.keyId,
      actor: "api-key" as const,
      method: c.req.method,
      path: c.req.path,
    };
    const receipt = unwrap(await companyObject(c.env, caller.companyId).resetCompany(caller.companyId, actor));
    return c.json(receipt, 200);
  });
}
