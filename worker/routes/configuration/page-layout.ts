import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import type { Grants } from "../../domain/access/roles";
import { CONFIGURABLE_ENTITY_TYPES, FIELD_KINDS } from "../../domain/configuration/field-kinds";
import { type CardLayout, pageLayout } from "../../domain/configuration/page-layout";
import { ApiError, notFound } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { companyParams, companyRoute, jsonContent, keyCaller, notFoundResponse } from "../../http/route";

const conditionMember = z
  .string()
  .nullable()
  .openapi({ description: "The condition as configured, not evaluated; null when there is none." });
const renderingArguments = z.record(z.string(), z.unknown());

const FieldPlacementSchema = z
  .object({
    referenceId: z.string(),
    label: z.string(),
    fieldType: z.enum(FIELD_KINDS),
    order: z.number().int(),
    renderingArguments,
    displayCondition: conditionMember,
    requiredCondition: conditionMember,
  })
  .openapi("FieldPlacement");

const SectionLayoutSchema = z
  .object({
    key: z.string(),
    title: z.string(),
    order: z.number().int(),
    displayCondition: conditionMember,
    fields: z.array(FieldPlacementSchema),
  })
  .openapi("CardSectionLayout");

const CardLayoutSchema: z.ZodType<CardLayout> = z.lazy(() =>
  z
    .object({
      key: z.string(),
      title: z.string(),
      order: z.number().int(),
      renderingArguments,
      displayCondition: conditionMember,
      sections: z.array(SectionLayoutSchema),
      fields: z.array(FieldPlacementSchema).openapi({ description: "Placements outside any section." }),
      cards: z.array(CardLayoutSchema).openapi({ description: "Cards nested in this one." }),
    })
    .openapi("CardLayout"),
);

const PageLayoutSchema = z
  .object({ pageKey: z.string(), entityType: z.enum(CONFIGURABLE_ENTITY_TYPES), cards: z.array(CardLayoutSchema) })
  .openapi("PageLayout");

/** The permission depends on the page, so the route takes any key and the handler checks the page's. */
const PAGE_PERMISSION =
  "the page entity's view permission (`<entityType>.view`, for example `event.view` or `quote.view`)";

const getPageLayout = Object.assign(
  companyRoute("P", null, {
    method: "get",
    path: "/pages/{pageKey}/layout",
    operationId: "getPageLayout",
    tags: ["Configuration"],
    summary: "A page's cards, sections and field placements",
    request: {
      params: companyParams({
        pageKey: z.string().openapi({ param: { name: "pageKey", in: "path" }, example: "claimOverview" }),
      }),
    },
    responses: { 200: jsonContent(PageLayoutSchema, "The page's card tree."), ...notFoundResponse },
  }),
  {
    description: [
      "The page's cards as a tree (nested cards under `cards`), each with its sections and field placements, every level sorted by `order`. Rendering arguments are returned as configured; display and required conditions are returned unevaluated. An unknown page answers 404 `NotFoundError`.",
      `Requires permission: ${PAGE_PERMISSION}; a key without it answers 403 \`AuthorizationError\`.`,
    ].join("\n\n"),
    "x-permission": "<page entityType>.view",
  },
);

function refuse(userMessage: string): ApiError {
  return new ApiError({
    code: "AuthorizationError",
    message: "User is not authorized to perform the requested action",
    userMessages: [userMessage],
  });
}

const viewPermission = (entityType: string) => `${entityType}.view`;

/** A key that may view no entity type may view no page: refused before the page is looked up. */
function assertMayViewSomePage(grants: Grants) {
  if (!CONFIGURABLE_ENTITY_TYPES.some((entityType) => grants.has(viewPermission(entityType)))) {
    throw refuse("Viewing a page needs the view permission of the page's entity type.");
  }
}

export function registerPageLayoutRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(getPageLayout, async (c) => {
    const { companyId, grants } = keyCaller(c);
    const { pageKey } = c.req.valid("param");
    assertMayViewSomePage(grants);
    const { document } = await loadConfiguration(database(c.env.DB), companyId);
    const layout = pageLayout(document, pageKey);
    if (!layout) throw notFound();
    if (!grants.has(viewPermission(layout.entityType)))
      throw refuse(`Viewing this page needs the ${viewPermission(layout.entityType)} permission.`);
    return c.json(layout, 200);
  });
}
