import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonBody } from "../../http/route";
import { SERIALIZED, STARTS_POLICY, StartBody, TRANSACTION } from "./transaction-schemas";

const DESCRIPTION =
  "Creates a policy (version 1). Payload-shape failures are 400 `InvalidPolicyData` naming the field without a " +
  `prefix.${SERIALIZED}`;

export const newBusiness = defineRoute(
  companyRoute(
    "P",
    "policy.create",
    {
      ...TRANSACTION,
      path: "/policies/transaction/new-business",
      operationId: "newBusiness",
      summary: "Write new business",
      description: DESCRIPTION,
      request: { params: companyParams(), body: jsonBody(StartBody) },
    },
    STARTS_POLICY,
  ),
  async (c) => c.json(await companyObject(contextOf(c)).newBusiness(c.req.valid("json")), 200),
);
