import { z } from "@hono/zod-openapi";
import { CONFIGURABLE_ENTITY_TYPES, FIELD_KINDS } from "../../domain/configuration/field-kinds";
import type { CardLayout } from "../../domain/configuration/page-layout";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent, notFoundResponse } from "../../http/route";
import { readPageLayout } from "../../operations/configuration/read-page-layout";

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

/** The permission depends on the page, so the route takes any key and the operation checks the page's. */
const PAGE_PERMISSION =
  "the page entity's view permission (`<entityType>.view`, for example `event.view` or `quote.view`)";

const DESCRIPTION = [
  "The page's cards as a tree (nested cards under `cards`), each with its sections and field placements, every " +
    "level sorted by `order`. Rendering arguments are returned as configured; display and required conditions are " +
    "returned unevaluated. An unknown page answers 404 `NotFoundError`.",
  `Requires permission: ${PAGE_PERMISSION}; a key without it answers 403 \`AuthorizationError\`.`,
].join("\n\n");

const route = companyRoute("P", null, {
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
});

export const getPageLayout = defineRoute(
  Object.assign(route, { description: DESCRIPTION, "x-permission": "<page entityType>.view" }),
  async (c) => c.json(await readPageLayout(contextOf(c), c.req.valid("param").pageKey), 200),
);
