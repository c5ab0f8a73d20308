import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, jsonBody } from "../../http/route";
import { CancelBody, policyParams, SERIALIZED, TRANSACTION } from "./transaction-schemas";

const SPAN = "the version's `startDate`/`endDate` span shrinks to it.";
const DESCRIPTION =
  `Coverage ends at \`effectiveDate\`; ${SPAN} The date lies inside the term and before its end (a cancellation ` +
  "on the expiry date would cancel nothing: 400 `InvalidPolicyData`), in the policy's time zone (a date without " +
  "one takes it). Effective after today, the cancellation is pending: the policy stays `active` with " +
  "`pendingCancellation` shown until that date, and endorsements effective before it are still accepted. A flat " +
  "cancellation (on the term start) reports the data in force at inception. Its transaction premium is the " +
  `(negative) return premium.${SERIALIZED}`;

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
