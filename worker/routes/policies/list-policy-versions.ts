import { z } from "@hono/zod-openapi";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { listPolicyVersions as listVersions } from "../../operations/policies/list-policy-versions";
import { PolicyIdParam, VersionListItemSchema } from "./schemas";

export const listPolicyVersions = defineRoute(
  companyRoute("P", "policy.view", {
    method: "get",
    path: "/policies/{policyId}/versions",
    operationId: "listVersionsOfPolicy",
    tags: ["Policies"],
    summary: "List a policy's versions, newest first",
    request: { params: companyParams({ policyId: PolicyIdParam }), query: z.object(pageQuery(50, 500)) },
    responses: {
      200: jsonContent(pageEnvelope(VersionListItemSchema), "A page of versions."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => {
    const { page, pageSize } = c.req.valid("query");
    const window = { limit: pageSize, offset: offsetOf(page, pageSize) };
    const { items, totalCount } = await listVersions(contextOf(c), c.req.valid("param").policyId, window);
    return c.json({ items, totalCount, page, pageSize }, 200);
  },
);
