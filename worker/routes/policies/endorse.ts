import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, jsonBody, jsonText } from "../../http/route";
import { EndorseBody, policyParams, SERIALIZED, TRANSACTION } from "./transaction-schemas";

const DESCRIPTION =
  "Applies the deltas from `effectiveDate` onward: the segment in force then is split there. A delta changing a " +
  "field locked behind a write group the key lacks (a policy field, or an exposure field of a new " +
  "`policy.exposures` list against the one in force) is refused whole with 403 before any 400 or 409. A new " +
  "`policy.policyEndDate` moves the term end, unless a live renewal starts on it (409 `PolicyAlreadyRenewed`: " +
  "cancel the renewal flat first). Out of sequence, the endorsements already issued that are " +
  "effective later apply again over this one (reverse and reapply), so each change stays in force from its " +
  "own date; one that can no longer apply is 400 `InvalidDelta`, and a term end before a later endorsement's " +
  "date is 400 `InvalidPolicyData`. Changing a Sequence value (of the policy or of an exposure) is 400 " +
  "`GeneratedFieldWrite`; resending the value in force on `effectiveDate` is accepted. A new `policy.exposures` " +
  "list whose new items lack caller-required fields is 400 `InvalidEntityShape` (user messages carry the item " +
  "path, such as `exposures[1]`); the list is geocoded and OFAC-arbitrated against the exposures in force on " +
  "`effectiveDate`, like any write with embedded exposures, and a policy AddressV2 field written whole is " +
  "geocoded against its value in force (a member path is stored as sent). Every segment the endorsement writes " +
  "(from `effectiveDate` on) derives its Calculated policy fields again from its new data, with this " +
  "transaction's clock; earlier segments keep theirs. A Group written whole has its entries' read-only, " +
  "calculated and defaulted sub-fields derived again; a member path into one entry (`policy.drivers.0.age`) is " +
  "stored as sent, and that entry's calculated sub-fields keep their values until the Group is written whole. " +
  "Endorsements of one company " +
  "that wait at the same moment (without `invoicePlan`) may commit together in one D1 batch, each with its own " +
  `version and answer; a refused one affects no other.${SERIALIZED}`;

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
    return jsonText(c, await companyObject(contextOf(c)).endorsePolicy(request));
  },
);
