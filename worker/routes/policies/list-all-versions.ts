import { z } from "@hono/zod-openapi";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent, validationErrorResponse } from "../../http/route";
import { listAllVersions as listVersions } from "../../operations/policies/list-all-versions";
import { VersionListItemSchema } from "./schemas";

export const listAllVersions = defineRoute(
  companyRoute("P", "policy.view", {
    method: "get",
    path: "/policies/versions",
    operationId: "listPolicyVersions",
    tags: ["Policies"],
    summary: "List every policy version of the company, newest transaction first",
    description: "Ordered by the instant of `transactionTimestamp` (offsets taken into account), newest first.",
    request: { params: companyParams(), query: z.object(pageQuery(50, 500)) },
    responses: {
      200: jsonContent(pageEnvelope(VersionListItemSchema), "A page of versions."),
      ...validationErrorResponse,
    },
  }),
  async (c) => {
    const { page, pageSize } = c.req.valid("query");
    const { items, totalCount } = await listVersions(contextOf(c), {
      limit: pageSize,
      offset: offsetOf(page, pageSize),
    });
    return c.json({ items, totalCount, page, pageSize }, 200);
  },
);
