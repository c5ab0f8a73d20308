import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { listLinks } from "../../db/queries/relationships";
import type { AppEnv } from "../../http/context";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import {
  companyParams,
  companyRoute,
  conflictResponse,
  jsonBody,
  jsonContent,
  keyCaller,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import {
  findRelationshipLink,
  type LinkContext,
  linkRecords,
  linkView,
  relationshipOf,
  requireLinkPermissions,
  unlinkRecords,
} from "../../operations/relationships/links";
import {
  LinkBodySchema,
  LinkFilterQuery,
  LinkIdParam,
  LinkSchema,
  PERMISSION_RULE,
  RelationshipKeyParam,
} from "./schemas";

const TAGS = ["Relationships"];
const params = companyParams({ relationshipKey: RelationshipKeyParam });
const linkParams = companyParams({ relationshipKey: RelationshipKeyParam, linkId: LinkIdParam });

const createLink = companyRoute("P", null, {
  method: "post",
  path: "/relationships/{relationshipKey}/links",
  operationId: "createRelationshipLink",
  tags: TAGS,
  summary: "Link two records through a typed relationship",
  description: [
    "Links `fromId` (a record of the relationship's `from` type) to `toId` (a record of its `to` type). Both must exist in the company with those types, else 404 `NotFoundError` naming the missing end in `details` (a `Policy` end takes a policy id). A record cannot be linked to itself (400). A link or unlink that involves an event recomputes the event's derived `eventName`.",
    "The cardinality `from:to` is enforced atomically, concurrent requests included: `1:1` (each record on either side in at most one link), `1:N` (each `to` record has at most one `from`), `N:1` (each `from` record has at most one `to`), `N:N` (no limit). A link that would break it is 409 `RelationshipCardinalityViolation`, naming the relationship and the record already linked.",
    "Idempotent: linking a pair that is already linked answers 200 with the existing link.",
    PERMISSION_RULE,
  ].join("\n\n"),
  request: { params, body: jsonBody(LinkBodySchema) },
  responses: {
    201: jsonContent(LinkSchema, "Linked."),
    200: jsonContent(LinkSchema, "The pair was already linked; the existing link."),
    ...validationErrorResponse,
    ...notFoundResponse,
    ...conflictResponse(
      "The cardinality allows no further link for one of the records (`RelationshipCardinalityViolation`).",
    ),
  },
});

const listRelationshipLinks = companyRoute("P", null, {
  method: "get",
  path: "/relationships/{relationshipKey}/links",
  operationId: "listRelationshipLinks",
  tags: TAGS,
  summary: "List a relationship's links, oldest first",
  description: ["Optionally narrowed to one `fromId` and/or one `toId`.", PERMISSION_RULE].join("\n\n"),
  request: { params, query: z.object({ ...LinkFilterQuery, ...pageQuery(50, 500) }) },
  responses: {
    200: jsonContent(pageEnvelope(LinkSchema), "A page of links."),
    ...validationErrorResponse,
    ...notFoundResponse,
  },
});

const getLink = companyRoute("P", null, {
  method: "get",
  path: "/relationships/{relationshipKey}/links/{linkId}",
  operationId: "getRelationshipLink",
  tags: TAGS,
  summary: "Read one link",
  description: ["An unknown link id, or one of another relationship or company, is 404.", PERMISSION_RULE].join("\n\n"),
  request: { params: linkParams },
  responses: { 200: jsonContent(LinkSchema, "The link."), ...validationErrorResponse, ...notFoundResponse },
});

const deleteLinkRoute = companyRoute("P", null, {
  method: "delete",
  path: "/relationships/{relationshipKey}/links/{linkId}",
  operationId: "deleteRelationshipLink",
  tags: TAGS,
  summary: "Unlink two records",
  description: [
    "Removes only the link; both records stay. An unknown link id, or one of another relationship or company, is 404.",
    PERMISSION_RULE,
  ].join("\n\n"),
  request: { params: linkParams },
  responses: { 204: { description: "Unlinked." }, ...validationErrorResponse, ...notFoundResponse },
});

/** The relationship named in the path, after the caller's permissions for it are checked. */
async function authorizedRelationship(c: Context<AppEnv>, key: string, action: "link" | "list") {
  const context: LinkContext = { db: database(c.env.DB), caller: keyCaller(c), now: new Date() };
  const { document } = await loadConfiguration(context.db, context.caller.companyId);
  const relationship = relationshipOf(document, key);
  requireLinkPermissions(context.caller, relationship, action);
  return { context, relationship };
}

export function registerRelationshipLinkRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(createLink, async (c) => {
    const { context, relationship } = await authorizedRelationship(c, c.req.valid("param").relationshipKey, "link");
    const { fromId, toId } = c.req.valid("json");
    const { link, created } = await linkRecords(context, relationship, fromId, toId);
    return created ? c.json(linkView(link), 201) : c.json(linkView(link), 200);
  });

  app.openapi(listRelationshipLinks, async (c) => {
    const { context, relationship } = await authorizedRelationship(c, c.req.valid("param").relationshipKey, "list");
    const { fromId, toId, page, pageSize } = c.req.valid("query");
    const { items, totalCount } = await listLinks(
      context.db,
      context.caller.companyId,
      relationship.key,
      { fromId, toId },
      pageSize,
      offsetOf(page, pageSize),
    );
    return c.json({ items: items.map(linkView), totalCount, page, pageSize }, 200);
  });

  app.openapi(getLink, async (c) => {
    const { relationshipKey, linkId } = c.req.valid("param");
    const { context, relationship } = await authorizedRelationship(c, relationshipKey, "list");
    return c.json(linkView(await findRelationshipLink(context, relationship, linkId)), 200);
  });

  app.openapi(deleteLinkRoute, async (c) => {
    const { relationshipKey, linkId } = c.req.valid("param");
    const { context, relationship } = await authorizedRelationship(c, relationshipKey, "link");
    await unlinkRecords(context, relationship, linkId);
    return c.body(null, 204);
  });
}
