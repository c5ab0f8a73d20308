import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, jsonBody } from "../../http/route";
import { policyParams, ReinstateBody, SERIALIZED, TRANSACTION } from "./transaction-schemas";

export const reinstatePolicy = defineRoute(
  companyRoute("P", "policy.reinstate", {
    ...TRANSACTION,
    path: "/policies/{policyId}/transaction/reinstate",
    operationId: "reinstatePolicy",
    summary: "Reinstate a cancelled policy",
    description:
      "Restores the coverage the cancellation ended (or lifts a pending one), effective on the cancellation's " +
      "date; its transaction premium is what it restores. A renewal cancelled flat comes back only while the " +
      "renewal rules hold: no other live renewal of the same policy (409 `PolicyAlreadyRenewed`) and the renewed " +
      `policy's term still ending on its start (409 \`InvalidPolicyTransition\`).${SERIALIZED}`,
    request: { params: policyParams, body: jsonBody(ReinstateBody) },
  }),
  async (c) => {
    const request = { ...c.req.valid("json"), policyId: c.req.valid("param").policyId };
    return c.json(await companyObject(contextOf(c)).reinstatePolicy(request), 200);
  },
);
