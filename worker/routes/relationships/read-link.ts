import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, jsonContent, notFoundResponse, validationErrorResponse } from "../../http/route";
import { readRelationshipLink } from "../../operations/relationships/read-link";
import { LINK_READ_PERMISSION, LinkSchema, linkParams, linkView, PERMISSION_RULE, TAGS } from "./schemas";

const DESCRIPTION = ["An unknown link id, or one of another relationship or company, is 404.", PERMISSION_RULE].join(
  "\n\n",
);

export const readLink = defineRoute(
  companyRoute("P", LINK_READ_PERMISSION, {
    method: "get",
    path: "/relationships/{relationshipKey}/links/{linkId}",
    operationId: "getRelationshipLink",
    tags: TAGS,
    summary: "Read one link",
    description: DESCRIPTION,
    request: { params: linkParams },
    responses: { 200: jsonContent(LinkSchema, "The link."), ...validationErrorResponse, ...notFoundResponse },
  }),
  async (c) => {
    const { relationshipKey, linkId } = c.req.valid("param");
    return c.json(linkView(await readRelationshipLink(contextOf(c), { relationshipKey, linkId })), 200);
  },
);
