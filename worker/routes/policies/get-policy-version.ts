import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { queryInteger } from "../../lib/bounded";
import { readPolicyVersion } from "../../operations/policies/read-policy-version";
import { MAX_VERSION, PolicyIdParam, PolicyVersionSchema, PolicyVersionSummarySchema } from "./schemas";

const VersionParam = queryInteger(1, MAX_VERSION).openapi({ param: { name: "version", in: "path" } });

export const getPolicyVersion = defineRoute(
  companyRoute("P", "policy.view", {
    method: "get",
    path: "/policies/{policyId}/versions/{version}",
    operationId: "getPolicyVersion",
    tags: ["Policies"],
    summary: "Read one version of a policy",
    description:
      "`detail` is required: `full` includes the segments; `summary` the root fields and hoisted containers.",
    request: {
      params: companyParams({ policyId: PolicyIdParam, version: VersionParam }),
      query: z.object({ detail: z.enum(["full", "summary"]) }),
    },
    responses: {
      200: jsonContent(z.union([PolicyVersionSchema, PolicyVersionSummarySchema]), "The version."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => {
    const { policyId, version } = c.req.valid("param");
    return c.json(await readPolicyVersion(contextOf(c), policyId, version, c.req.valid("query").detail), 200);
  },
);
