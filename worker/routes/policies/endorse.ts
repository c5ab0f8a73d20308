import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, jsonBody } from "../../http/route";
import { EndorseBody, policyParams, SERIALIZED, TRANSACTION } from "./transaction-schemas";

const DESCRIPTION =
  "Applies the deltas from `effectiveDate` onward: the segment in force then is split there. A new " +
  `\`policy.policyEndDate\` moves the term end.${SERIALIZED}`;

export const endorsePolicy = defineRoute(
  companyRoute("P", "policy.endorse", {
    ...TRANSACTION,
    path: "/policies/{policyId}/transaction/endorse",
    operationId: "endorsePolicy",
    summary: "Endorse a policy",
    description: DESCRIPTION,
    request: { params: policyParams, body: jsonBody(EndorseBody) },
  }),
  async (c) => {
    const request = { ...c.req.valid("json"), policyId: c.req.valid("param").policyId };
    return c.json(await companyObject(contextOf(c)).endorsePolicy(request), 200);
  },
);
