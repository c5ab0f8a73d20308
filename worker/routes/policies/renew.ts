import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonBody } from "../../http/route";
import { SERIALIZED, STARTS_POLICY, StartBody, TRANSACTION } from "./transaction-schemas";

const DESCRIPTION =
  "Creates a new policy (its own id, version 1) whose `previousPolicy` is the renewed policy's id, stored as the " +
  "relationship `Policy<N:1:previousPolicy>Policy`. The data rules of new business apply. The renewal term starts " +
  "on the renewed policy's term end (400 `InvalidPolicyData` naming `policyStartDate` otherwise); a policy " +
  "cancelled flat cannot be renewed (409 `InvalidPolicyTransition`), nor one that already has a live renewal " +
  "(409 `PolicyAlreadyRenewed`; a renewal cancelled flat does not count). Cancelling a policy does not cancel its " +
  "renewal: the renewal's answer and reads carry `previousPolicyStatus`, the renewed policy's status today. " +
  `Exposures are geocoded and screened against the renewed policy's, position by position.${SERIALIZED}`;

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
