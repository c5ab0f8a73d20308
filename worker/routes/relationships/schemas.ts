import { z } from "@hono/zod-openapi";
import type { LinkRow } from "../../db/queries/relationships";
import { companyParams, UuidSchema } from "../../http/route";

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
    batchId: z.unknown().optional().openapi({ description: "Passed through to the audit log; not validated." }),
  })
  .openapi("RelationshipLinkRequest");

export const RelationshipKeyParam = z
  .string()
  .min(1)
  .openapi({
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
  "`<from>.view` and `<to>.view`. They are checked once the relationship is known (403 `AuthorizationError`); an " +
  "unknown relationship key is 404 `NotFoundError`.";

/** A link as every relationship route answers it. */
export const linkView = (link: LinkRow) => ({
  id: link.id,
  relationshipKey: link.relationshipKey,
  fromId: link.fromId,
  toId: link.toId,
  createdAt: link.createdAt,
});
