import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, jsonBody } from "../../http/route";
import { CancelBody, policyParams, SERIALIZED, TRANSACTION } from "./transaction-schemas";

const SPAN = "the version's `startDate`/`endDate` span shrinks to it.";
const DESCRIPTION = `Coverage ends at \`effectiveDate\`; ${SPAN}${SERIALIZED}`;

export const cancelPolicy = defineRoute(
  companyRoute("P", "policy.cancel", {
    ...TRANSACTION,
    path: "/policies/{policyId}/transaction/cancel",
    operationId: "cancelPolicy",
    summary: "Cancel a policy",
    description: DESCRIPTION,
    request: { params: policyParams, body: jsonBody(CancelBody) },
  }),
  async (c) => {
    const request = { ...c.req.valid("json"), policyId: c.req.valid("param").policyId };
    return c.json(await companyObject(contextOf(c)).cancelPolicy(request), 200);
  },
);
