import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { FIXED_COLUMN_KEYS } from "../../domain/bordereau/columns";
import { EXPORT_SURFACES } from "../../domain/bordereau/presets";
import { TRANSPOSABLE_PATHS_TEXT } from "../../domain/bordereau/transpositions";
import { notFound } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { ErrorEnvelopeSchema } from "../../http/errors";
import { pageEnvelope, pageQuery } from "../../http/pagination";
import type { KeyCaller } from "../../http/route";
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
import { createPreset, findPreset, listPresets, presetView } from "../../operations/bordereau/export-presets";

const CREATE_FOR_MEMBER = "export-preset.create-for-member";

const PresetBodySchema = z
  .object({
    entityType: z.enum(EXPORT_SURFACES).openapi({ description: "The export surface; `bordereau`." }),
    name: z.string().trim().min(1).max(100),
    ownerUserId: z.uuid({ message: "must be a UUID" }).openapi({
      description: "The member who owns the preset: the id of one of the company's API keys (`keyId` in `GET /me`).",
    }),
    fieldKeys: z
      .array(z.string().min(1).max(300))
      .min(1)
      .max(100)
      .refine((keys) => new Set(keys).size === keys.length, "must not repeat a key")
      .openapi({ description: "Columns in order: bordereau column keys or transposable paths." }),
    batchId: z.unknown().optional(),
  })
  .strict()
  .openapi("ExportPresetRequest");

const PresetSchema = z
  .object({
    id: z.uuid(),
    entityType: z.enum(EXPORT_SURFACES),
    name: z.string(),
    ownerUserId: z.string(),
    visibility: z.literal("private"),
    fieldKeys: z.array(z.string()),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
  })
  .openapi("ExportPreset");

const PRIVACY = `A preset is private: it is seen by its owner, and by members holding \`${CREATE_FOR_MEMBER}\` (who manage members' presets); to anyone else it does not exist.`;

const createRoute = companyRoute("P", CREATE_FOR_MEMBER, {
  method: "post",
  path: "/export-presets",
  operationId: "createExportPreset",
  tags: ["Configuration"],
  summary: "Create a private export preset for a member",
  description: [
    "Saves a column choice for an export surface, owned by the member `ownerUserId`. Members are the company's API keys until the service has user accounts; an owner that is not one is 400 `VALIDATION_ERROR`.",
    `**Field keys** of the \`bordereau\` surface: its column keys (${FIXED_COLUMN_KEYS.map((k) => `\`${k}\``).join(", ")}) and the paths a bordereau can transpose (${TRANSPOSABLE_PATHS_TEXT}). Any other key is 400 \`UnknownExportFieldKey\` naming it.`,
    "**Names** are unique per owner and surface, compared without case or surrounding spaces: a name the owner already uses is 409 `ExportPresetNameTaken`.",
    PRIVACY,
  ].join("\n\n"),
  request: { params: companyParams(), body: jsonBody(PresetBodySchema) },
  responses: {
    201: jsonContent(PresetSchema, "The preset."),
    400: jsonContent(
      ErrorEnvelopeSchema,
      "Invalid body or owner (`VALIDATION_ERROR`), or a field key the surface does not have (`UnknownExportFieldKey`).",
    ),
    ...conflictResponse("The owner already uses the name on this surface (`ExportPresetNameTaken`)."),
  },
});

const presetQuery = z.object({
  ...pageQuery(50, 500),
  entityType: z.enum(EXPORT_SURFACES).optional(),
  ownerUserId: z.uuid({ message: "must be a UUID" }).optional(),
});

const listRoute = companyRoute("P", "export-preset.view", {
  method: "get",
  path: "/export-presets",
  operationId: "listExportPresets",
  tags: ["Configuration"],
  summary: "List the export presets the caller may see",
  description: `Newest first; filters \`entityType\` and \`ownerUserId\`. ${PRIVACY}`,
  request: { params: companyParams(), query: presetQuery },
  responses: { 200: jsonContent(pageEnvelope(PresetSchema), "A page of presets."), ...validationErrorResponse },
});

const getRoute = companyRoute("P", "export-preset.view", {
  method: "get",
  path: "/export-presets/{presetId}",
  operationId: "getExportPreset",
  tags: ["Configuration"],
  summary: "Read an export preset",
  description: `${PRIVACY} A preset the caller may not see answers 404 like an unknown id.`,
  request: {
    params: companyParams({
      presetId: z.uuid({ message: "must be a UUID" }).openapi({ param: { name: "presetId", in: "path" } }),
    }),
  },
  responses: { 200: jsonContent(PresetSchema, "The preset."), ...validationErrorResponse, ...notFoundResponse },
});

const viewerOf = (caller: KeyCaller) => ({
  keyId: caller.keyId,
  managesMembersPresets: caller.grants.has(CREATE_FOR_MEMBER),
});

export function registerExportPresetRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(createRoute, async (c) => {
    const caller = keyCaller(c);
    const { batchId: _batchId, ...preset } = c.req.valid("json");
    const row = await createPreset(database(c.env.DB), caller.companyId, caller.keyId, preset);
    return c.json(presetView(row), 201);
  });

  app.openapi(listRoute, async (c) => {
    const caller = keyCaller(c);
    const query = c.req.valid("query");
    const { items, totalCount } = await listPresets(database(c.env.DB), caller.companyId, viewerOf(caller), query);
    return c.json({ items: items.map(presetView), totalCount, page: query.page, pageSize: query.pageSize }, 200);
  });

  app.openapi(getRoute, async (c) => {
    const caller = keyCaller(c);
    const row = await findPreset(database(c.env.DB), caller.companyId, c.req.valid("param").presetId, viewerOf(caller));
    if (!row) throw notFound();
    return c.json(presetView(row), 200);
  });
}
