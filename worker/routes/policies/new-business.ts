import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonBody } from "../../http/route";
import { SERIALIZED, STARTS_POLICY, StartBody, TRANSACTION } from "./transaction-schemas";

const DESCRIPTION =
  "Creates a policy (version 1). Data naming a field locked behind a write group the key lacks (a policy field, or an " +
  "exposure field an embedded exposure changes) is refused whole with 403 before any 400 or 409. Payload-shape failures are 400 `InvalidPolicyData` naming the field without a " +
  "prefix. `policyStartDate` and `policyEndDate` share one time zone: a date sent without one is in the default " +
  "zone, America/New_York, and two different zones are refused (a Chicago start needs a Chicago end). No rollup of `fullTermPricingInfo` may be negative (a component may, for a " +
  "discount). An embedded exposure may carry `id`, the id of one of the company's exposures (400 naming " +
  "`exposures[i].id` otherwise): the primary insured's id is taken from it. Embedded AddressV2 values are " +
  `geocoded and OFAC screenings arbitrated, as on any write with embedded exposures.${SERIALIZED}`;

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
