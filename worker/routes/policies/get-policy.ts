import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { readPolicy } from "../../operations/policies/read-policy";
import { PolicyIdParam, PolicyVersionSchema } from "./schemas";

export const getPolicy = defineRoute(
  companyRoute("P", "policy.view", {
    method: "get",
    path: "/policies/{policyId}",
    operationId: "getPolicy",
    tags: ["Policies"],
    summary: "Read a policy's latest version",
    request: { params: companyParams({ policyId: PolicyIdParam }) },
    responses: {
      200: jsonContent(PolicyVersionSchema, "The latest version, in full."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => c.json(await readPolicy(contextOf(c), c.req.valid("param").policyId), 200),
);
