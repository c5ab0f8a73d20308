import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import {
  companyRoute,
  conflictResponse,
  contextOf,
  jsonBody,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import {
  LINK_WRITE_PERMISSION,
  LinkBodySchema,
  LinkSchema,
  linkView,
  PERMISSION_RULE,
  relationshipParams,
  TAGS,
} from "./schemas";

const DESCRIPTION = [
  "Links `fromId` (a record of the relationship's `from` type) to `toId` (a record of its `to` type). Both must " +
    "exist in the company with those types, else 404 `NotFoundError` naming the missing end in `details` (a " +
    "`Policy` end takes a policy id). A record cannot be linked to itself (400). A link or unlink that involves an " +
    "event recomputes the event's derived `eventName`.",
  "The cardinality `from:to` is enforced atomically, concurrent requests included: `1:1` (each record on either " +
    "side in at most one link), `1:N` (each `to` record has at most one `from`), `N:1` (each `from` record has at " +
    "most one `to`), `N:N` (no limit). A link that would break it is 409 `RelationshipCardinalityViolation`, " +
    "naming the relationship and the record already linked.",
  "Idempotent: linking a pair that is already linked answers 200 with the existing link.",
  PERMISSION_RULE,
].join("\n\n");

const CONFLICTS =
  "The cardinality allows no further link for one of the records (`RelationshipCardinalityViolation`), or the " +
  "relationship is written only by the platform (`PlatformManagedRelationship`).";

/** Runs in the company object, where link changes that rename an event are serialized with its other writes. */
export const createLink = defineRoute(
  companyRoute("P", LINK_WRITE_PERMISSION, {
    method: "post",
    path: "/relationships/{relationshipKey}/links",
    operationId: "createRelationshipLink",
    tags: TAGS,
    summary: "Link two records through a typed relationship",
    description: DESCRIPTION,
    request: { params: relationshipParams, body: jsonBody(LinkBodySchema) },
    responses: {
      201: jsonContent(LinkSchema, "Linked."),
      200: jsonContent(LinkSchema, "The pair was already linked; the existing link."),
      ...validationErrorResponse,
      ...notFoundResponse,
      ...conflictResponse(CONFLICTS),
    },
  }),
  async (c) => {
    const { relationshipKey } = c.req.valid("param");
    const { fromId, toId } = c.req.valid("json");
    const { link, created } = await companyObject(contextOf(c)).linkRecords({ relationshipKey, fromId, toId });
    return created ? c.json(linkView(link), 201) : c.json(linkView(link), 200);
  },
);
