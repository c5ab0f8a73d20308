import { z } from "@hono/zod-openapi";
import type { LinkRow } from "../../db/queries/relationships";
import { anyLinkPermissions } from "../../domain/relationships/ends";
import { companyParams, pathPermission, UuidSchema } from "../../http/route";
import { batchIdMember, boundedString, TEXT } from "../../lib/bounded";

export const TAGS = ["Relationships"];

export const LinkSchema = z
  .object({
    id: z.uuid(),
    relationshipKey: z.string(),
    fromId: z.uuid().openapi({ description: "Record of the relationship's `from` type." }),
    toId: z.uuid().openapi({ description: "Record of the relationship's `to` type." }),
    createdAt: z.string(),
  })
  .openapi("RelationshipLink");

export const LinkBodySchema = z
  .strictObject({
    fromId: UuidSchema.openapi({ description: "Id of a record of the relationship's `from` type." }),
    toId: UuidSchema.openapi({ description: "Id of a record of the relationship's `to` type." }),
    batchId: batchIdMember(),
  })
  .openapi("RelationshipLinkRequest");

export const RelationshipKeyParam = boundedString(TEXT.key, 1).openapi({
  param: { name: "relationshipKey", in: "path" },
  description: "Key of a relationship in the company's configuration.",
  example: "vehicleOwner",
});

export const LinkIdParam = UuidSchema.openapi({ param: { name: "linkId", in: "path" } });

export const relationshipParams = companyParams({ relationshipKey: RelationshipKeyParam });
export const linkParams = companyParams({ relationshipKey: RelationshipKeyParam, linkId: LinkIdParam });

export const LinkFilterQuery = {
  fromId: UuidSchema.optional().openapi({ description: "Only links from this record." }),
  toId: UuidSchema.optional().openapi({ description: "Only links to this record." }),
};

/** The permission rule every relationship route states in its description. */
export const PERMISSION_RULE =
  "Permissions follow the relationship's ends (`Exposure` → `exposure.*`, `Policy` → `policy.*`, a custom object " +
  "→ `custom-object.*`): linking and unlinking need `<from>.edit` and `<to>.view`; reading links needs " +
  "`<from>.view` and `<to>.view`. A key that could act on no relationship is refused 403 `AuthorizationError` " +
  "before anything is looked up; otherwise an unknown relationship key is 404 `NotFoundError`, and the ends' " +
  "permissions are checked once the relationship is known (403). `previousPolicy` links are written only by " +
  "renew: creating or removing one is 409 `PlatformManagedRelationship`.";

/** The route permission of link writes and of link reads: the relationship's ends, known once it is found. */
export const LINK_WRITE_PERMISSION = pathPermission(
  "<from>.edit + <to>.view",
  "`<from>.edit` and `<to>.view` of the relationship's ends",
  anyLinkPermissions("link"),
);
export const LINK_READ_PERMISSION = pathPermission(
  "<from>.view + <to>.view",
  "`<from>.view` and `<to>.view` of the relationship's ends",
  anyLinkPermissions("list"),
);

/** A link as every relationship route answers it. */
export const linkView = (link: LinkRow) => ({
  id: link.id,
  relationshipKey: link.relationshipKey,
  fromId: link.fromId,
  toId: link.toId,
  createdAt: link.createdAt,
});
