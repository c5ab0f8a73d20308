import { z } from "@hono/zod-openapi";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, jsonContent, notFoundResponse, validationErrorResponse } from "../../http/route";
import { listRelationshipLinks } from "../../operations/relationships/list-links";
import {
  LINK_READ_PERMISSION,
  LinkFilterQuery,
  LinkSchema,
  linkView,
  PERMISSION_RULE,
  relationshipParams,
  TAGS,
} from "./schemas";

export const listLinks = defineRoute(
  companyRoute("P", LINK_READ_PERMISSION, {
    method: "get",
    path: "/relationships/{relationshipKey}/links",
    operationId: "listRelationshipLinks",
    tags: TAGS,
    summary: "List a relationship's links, oldest first",
    description: ["Optionally narrowed to one `fromId` and/or one `toId`.", PERMISSION_RULE].join("\n\n"),
    request: { params: relationshipParams, query: z.object({ ...LinkFilterQuery, ...pageQuery(50, 500) }) },
    responses: {
      200: jsonContent(pageEnvelope(LinkSchema), "A page of links."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => {
    const { relationshipKey } = c.req.valid("param");
    const { fromId, toId, page, pageSize } = c.req.valid("query");
    const limits = { limit: pageSize, offset: offsetOf(page, pageSize) };
    const { items, totalCount } = await listRelationshipLinks(contextOf(c), {
      relationshipKey,
      fromId,
      toId,
      ...limits,
    });
    return c.json({ items: items.map(linkView), totalCount, page, pageSize }, 200);
  },
);
