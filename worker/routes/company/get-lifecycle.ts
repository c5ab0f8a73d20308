import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent } from "../../http/route";
import { readLifecycle } from "../../operations/company/read-lifecycle";
import { LifecycleSchema } from "../admin/company-schema";

export const getLifecycle = defineRoute(
  companyRoute(
    "P",
    "company.view",
    {
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
    },
    { duringSetup: true },
  ),
  async (c) => c.json(await readLifecycle(contextOf(c), c.get("lifecycle")), 200),
);
