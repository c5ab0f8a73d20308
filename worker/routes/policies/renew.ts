import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonBody } from "../../http/route";
import { SERIALIZED, STARTS_POLICY, StartBody, TRANSACTION } from "./transaction-schemas";

const DESCRIPTION =
  "Creates a new policy (its own id, version 1) whose `previousPolicy` is the renewed policy's id, stored as the " +
  `relationship \`Policy<N:1:previousPolicy>Policy\`.${SERIALIZED}`;

export const renewPolicy = defineRoute(
  companyRoute(
    "P",
    "policy.renew",
    {
      ...TRANSACTION,
      path: "/policies/transaction/renew",
      operationId: "renewPolicy",
      summary: "Renew a policy",
      description: DESCRIPTION,
      request: { params: companyParams(), body: jsonBody(StartBody) },
    },
    STARTS_POLICY,
  ),
  async (c) => c.json(await companyObject(contextOf(c)).renewPolicy(c.req.valid("json")), 200),
);
