import { z } from "@hono/zod-openapi";
import { DAY_FILTERS } from "../../domain/policies/list-filters";
import { POLICY_STATUSES } from "../../domain/policies/version-view";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent, validationErrorResponse } from "../../http/route";
import { listPolicies as listCurrentVersions } from "../../operations/policies/list-policies";
import { VersionListItemSchema } from "./schemas";

const ListQuery = z
  .object({
    ...pageQuery(50, 500),
    policyNumber: z.string().optional(),
    status: z
      .enum(POLICY_STATUSES)
      .optional()
      .openapi({ description: "The status as of today (the UTC day), as every summary reports it." }),
    previousPolicy: z.uuid().optional(),
  })
  .catchall(z.string())
  .openapi({
    description:
      `Civil-day filters ${DAY_FILTERS.join(", ")} take a literal {year, month, day}, as JSON or as three ` +
      "members (activeOn.year=…).",
  });

const DESCRIPTION =
  "Newest first. Filters: `policyNumber`, `status`, `previousPolicy`, and civil-day literals `activeOn` (covered " +
  "that day), `startsOnOrAfter`, `startsOnOrBefore`, `endsOnOrAfter`, `endsOnOrBefore`.";

export const listPolicies = defineRoute(
  companyRoute("P", "policy.view", {
    method: "get",
    path: "/policies/list",
    operationId: "listPolicies",
    tags: ["Policies"],
    summary: "List policies with their current version's summary",
    description: DESCRIPTION,
    request: { params: companyParams(), query: ListQuery },
    responses: {
      200: jsonContent(pageEnvelope(VersionListItemSchema), "A page of policies."),
      ...validationErrorResponse,
    },
  }),
  async (c) => {
    const { page, pageSize, policyNumber, status, previousPolicy } = c.req.valid("query");
    const request = { policyNumber, status, previousPolicy, query: c.req.query() };
    const window = { limit: pageSize, offset: offsetOf(page, pageSize) };
    const { items, totalCount } = await listCurrentVersions(contextOf(c), request, window);
    return c.json({ items, totalCount, page, pageSize }, 200);
  },
);
