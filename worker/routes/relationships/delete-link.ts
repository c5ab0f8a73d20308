import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import { companyRoute, conflictResponse, contextOf, notFoundResponse, validationErrorResponse } from "../../http/route";
import { LINK_WRITE_PERMISSION, linkParams, PERMISSION_RULE, TAGS } from "./schemas";

const DESCRIPTION = [
  "Removes only the link; both records stay. An unknown link id, or one of another relationship or company, is 404.",
  PERMISSION_RULE,
].join("\n\n");

/** Runs in the company object, where link changes that rename an event are serialized with its other writes. */
export const deleteLink = defineRoute(
  companyRoute("P", LINK_WRITE_PERMISSION, {
    method: "delete",
    path: "/relationships/{relationshipKey}/links/{linkId}",
    operationId: "deleteRelationshipLink",
    tags: TAGS,
    summary: "Unlink two records",
    description: DESCRIPTION,
    request: { params: linkParams },
    responses: {
      204: { description: "Unlinked." },
      ...validationErrorResponse,
      ...notFoundResponse,
      ...conflictResponse("The relationship is written only by the platform (`PlatformManagedRelationship`)."),
    },
  }),
  async (c) => {
    const { relationshipKey, linkId } = c.req.valid("param");
    await companyObject(contextOf(c)).unlinkRecords({ relationshipKey, linkId });
    return c.body(null, 204);
  },
);
