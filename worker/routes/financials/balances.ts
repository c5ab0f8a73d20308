import { z } from "@hono/zod-openapi";
import { defineRoute, type RouteEntry } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonContent,
  UuidSchema,
  validationErrorResponse,
} from "../../http/route";
import { readBalances } from "../../operations/financials/read-balances";
import { BalancesSchema, errorAnswers } from "./schemas";

const RULES =
  "Categories in configuration order (categories a forced import removed follow, as deprecated); accounts " +
  "ordered reserves, unpaid, additional, then per line item type its leaf then its twin. Zero accounts and " +
  "categories with nothing nonzero are dropped. `reservesCents` and `expectedTotalCents` " +
  "(= `paidCents` + `reservesCents`) are null for operating categories; `owedCents` is the twins' sum; " +
  "`paidCents` = line items − twins + additional. Read from running balances: the cost does not grow with " +
  "the journal.";

const ENTITY_DESCRIPTION =
  `Balances over one entity's scope: an event, a policy, or a payee (person or organization id). ${RULES} ` +
  "`cash` is null when the scope's cash is 0. Unknown ids answer 200 with `categories: []` and `cash: null`, " +
  "never 404. Also the read of an event's current expected total before setting reserves.";

const GLOBAL_DESCRIPTION =
  `Balances over the whole company. ${RULES} \`cash\` is null only while the company has no cash account ` +
  "(after money moved and moved back it shows with `amountCents: 0`).";

const EntityTypeParam = z
  .enum(["event", "policy", "payee"])
  .openapi({ param: { name: "entityType", in: "path" }, description: "`event`, `policy` or `payee`." });
const EntityIdParam = UuidSchema.openapi({ param: { name: "entityId", in: "path" } });

const switchedOff = errorAnswers({ 404: "The financials switch is off for the company (`NotFoundError`)." });

export const balancesRoutes: RouteEntry[] = [
  defineRoute(
    companyRoute("P", "company.payment:read", {
      method: "get",
      path: "/financials/entities/{entityType}/{entityId}/balances",
      operationId: "getEntityBalances",
      tags: ["Financials"],
      summary: "Balances of an event, a policy or a payee",
      description: ENTITY_DESCRIPTION,
      request: { params: companyParams({ entityType: EntityTypeParam, entityId: EntityIdParam }) },
      responses: {
        200: jsonContent(BalancesSchema, "The entity's balances."),
        ...validationErrorResponse,
        ...switchedOff,
      },
    }),
    async (c) => c.json(await readBalances(contextOf(c), c.req.valid("param")), 200),
  ),
  defineRoute(
    companyRoute("P", "company.payment:read", {
      method: "get",
      path: "/financials/balances",
      operationId: "getCompanyBalances",
      tags: ["Financials"],
      summary: "Balances of the whole company",
      description: GLOBAL_DESCRIPTION,
      request: { params: companyParams() },
      responses: { 200: jsonContent(BalancesSchema, "The company's balances."), ...switchedOff },
    }),
    async (c) => c.json(await readBalances(contextOf(c), "company"), 200),
  ),
];
