import { z } from "@hono/zod-openapi";
import { DAY_FILTERS } from "../../domain/policies/list-filters";
import { POLICY_STATUSES } from "../../domain/policies/version-view";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent, validationErrorResponse } from "../../http/route";
import { boundedString, TEXT, uuidString } from "../../lib/bounded";
import { listPolicies as listCurrentVersions } from "../../operations/policies/list-policies";
import { VersionListItemSchema } from "./schemas";

/** A civil-day literal as JSON text (`{"year":2026,"month":3,"day":1}`). */
const dayLiteral = (name: string) =>
  boundedString(100)
    .optional()
    .openapi({ description: `\`${name}\` as a JSON civil-day literal \`{"year":2026,"month":3,"day":1}\`.` });

/** One member of a civil-day literal spelled as three parameters (`activeOn.year=2026`). */
const dayMember = (name: string, member: string, max: number) =>
  boundedString(10)
    .optional()
    .openapi({ description: `\`${name}\` as three parameters: its ${member} (whole number up to ${max}).` });

/** Each civil-day filter, as JSON or as three members; the values are read by `readDayFilters`. */
const DAY_FILTER_PARAMETERS = Object.fromEntries(
  DAY_FILTERS.flatMap((name) => [
    [name, dayLiteral(name)],
    [`${name}.year`, dayMember(name, "year", 9999)],
    [`${name}.month`, dayMember(name, "month", 12)],
    [`${name}.day`, dayMember(name, "day", 31)],
  ]),
);

const ListQuery = z.object({
  ...pageQuery(50, 500),
  policyNumber: boundedString(TEXT.key).optional(),
  status: z
    .enum(POLICY_STATUSES)
    .optional()
    .openapi({ description: "The status as of today (the UTC day), as every summary reports it." }),
  previousPolicy: uuidString().optional(),
  ...DAY_FILTER_PARAMETERS,
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
