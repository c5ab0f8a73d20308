import { z } from "@hono/zod-openapi";
import { CONFIGURABLE_ENTITY_TYPES, FIELD_KINDS } from "../../domain/configuration/field-kinds";
import type { CardLayout } from "../../domain/configuration/page-layout";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonContent,
  notFoundResponse,
  pathPermission,
} from "../../http/route";
import { boundedString, TEXT } from "../../lib/bounded";
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

/** The permission depends on the page: the view permission of its entity type, checked once the page is known. */
const PAGE_PERMISSION = pathPermission(
  "<page entityType>.view",
  "the view permission of the page's entity type, for example `event.view` or `quote.view`",
  CONFIGURABLE_ENTITY_TYPES.map((entityType) => `${entityType}.view`),
);

const DESCRIPTION =
  "The page's cards as a tree (nested cards under `cards`), each with its sections and field placements, every " +
  "level sorted by `order`. Rendering arguments are returned as configured; display and required conditions are " +
  "returned unevaluated. An unknown page answers 404 `NotFoundError`; a key without the page entity's view " +
  "permission answers 403 `AuthorizationError`.";

const route = companyRoute(
  "P",
  PAGE_PERMISSION,
  {
    method: "get",
    path: "/pages/{pageKey}/layout",
    operationId: "getPageLayout",
    tags: ["Configuration"],
    summary: "A page's cards, sections and field placements",
    request: {
      params: companyParams({
        pageKey: boundedString(TEXT.key).openapi({ param: { name: "pageKey", in: "path" }, example: "claimOverview" }),
      }),
    },
    description: DESCRIPTION,
    responses: { 200: jsonContent(PageLayoutSchema, "The page's card tree."), ...notFoundResponse },
  },
  { duringSetup: true },
);

export const getPageLayout = defineRoute(route, async (c) =>
  c.json(await readPageLayout(contextOf(c), c.req.valid("param").pageKey), 200),
);
