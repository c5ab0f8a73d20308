import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent } from "../../http/route";
import { readFinancialConfiguration } from "../../operations/financials/read-financial-configuration";
import { errorAnswers, FinancialConfigurationSchema } from "./schemas";

export const getFinancialConfiguration = defineRoute(
  companyRoute(
    "P",
    "company.payment:read",
    {
      method: "get",
      path: "/financials/configuration",
      operationId: "getFinancialConfiguration",
      tags: ["Financials"],
      summary: "The financials configuration with its ids",
      description:
        "Categories and line item types with the ids the service minted for them (stable while the name stays " +
        "configured), invoice types and payment defaults. `categoryId` of a line item type is null when its " +
        "`category` is.",
      request: { params: companyParams() },
      responses: {
        200: jsonContent(FinancialConfigurationSchema, "The configuration."),
        ...errorAnswers({ 404: "The financials switch is off (`NotFoundError`)." }),
      },
    },
    // A configuration read: an uninitialized company accepts it (CONTRACT 4, Lifecycle access).
    { duringSetup: true },
  ),
  async (c) => c.json(await readFinancialConfiguration(contextOf(c)), 200),
);
