import { z } from "@hono/zod-openapi";
import { FIXED_COLUMN_KEYS } from "../../domain/bordereau/columns";
import { CREATE_FOR_MEMBER, EXPORT_SURFACES } from "../../domain/bordereau/presets";
import { TRANSPOSABLE_PATHS_TEXT } from "../../domain/bordereau/transpositions";
import { ErrorEnvelopeSchema } from "../../http/errors";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, conflictResponse, contextOf, jsonBody, jsonContent } from "../../http/route";
import { batchIdMember, boundedArray, boundedString, uuidString } from "../../lib/bounded";
import { createExportPreset as createPreset } from "../../operations/bordereau/create-export-preset";
import { PRESET_PRIVACY, PresetSchema } from "./schemas";

const PresetBodySchema = z
  .object({
    entityType: z.enum(EXPORT_SURFACES).openapi({ description: "The export surface; `bordereau`." }),
    name: z.string().trim().min(1).max(100),
    ownerUserId: uuidString().openapi({
      description: "The member who owns the preset: the id of one of the company's API keys (`keyId` in `GET /me`).",
    }),
    fieldKeys: boundedArray(boundedString(300, 1), 100, 1)
      .refine((keys) => new Set(keys).size === keys.length, "must not repeat a key")
      .openapi({ uniqueItems: true, description: "Columns in order: bordereau column keys or transposable paths." }),
    batchId: batchIdMember(),
  })
  .strict()
  .openapi("ExportPresetRequest");

const COLUMN_KEYS = FIXED_COLUMN_KEYS.map((k) => `\`${k}\``).join(", ");

const DESCRIPTION = [
  "Saves a column choice for an export surface, owned by the member `ownerUserId`. Members are the company's API " +
    "keys until the service has user accounts; an owner that is not one is 400 `VALIDATION_ERROR`.",
  `**Field keys** of the \`bordereau\` surface: its column keys (${COLUMN_KEYS}) ` +
    `and the paths a bordereau can transpose (${TRANSPOSABLE_PATHS_TEXT}). Any other key is 400 ` +
    "`UnknownExportFieldKey` naming it.",
  "**Names** are unique per owner and surface, compared without case or surrounding spaces: a name the owner " +
    "already uses is 409 `ExportPresetNameTaken`.",
  PRESET_PRIVACY,
].join("\n\n");

const BAD_REQUEST =
  "Invalid body or owner (`VALIDATION_ERROR`), or a field key the surface does not have (`UnknownExportFieldKey`).";

export const createExportPreset = defineRoute(
  companyRoute("P", CREATE_FOR_MEMBER, {
    method: "post",
    path: "/export-presets",
    operationId: "createExportPreset",
    tags: ["Configuration"],
    summary: "Create a private export preset for a member",
    description: DESCRIPTION,
    request: { params: companyParams(), body: jsonBody(PresetBodySchema) },
    responses: {
      201: jsonContent(PresetSchema, "The preset."),
      400: jsonContent(ErrorEnvelopeSchema, BAD_REQUEST),
      ...conflictResponse("The owner already uses the name on this surface (`ExportPresetNameTaken`)."),
    },
  }),
  async (c) => {
    const { batchId: _batchId, ...preset } = c.req.valid("json");
    return c.json(await createPreset(contextOf(c), preset), 201);
  },
);
