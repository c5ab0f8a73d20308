import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { uuidString } from "../../lib/bounded";
import { readExportPreset } from "../../operations/bordereau/read-export-preset";
import { PRESET_PRIVACY, PresetSchema } from "./schemas";

const PresetIdParam = uuidString().openapi({ param: { name: "presetId", in: "path" } });

export const getExportPreset = defineRoute(
  companyRoute("P", "export-preset.view", {
    method: "get",
    path: "/export-presets/{presetId}",
    operationId: "getExportPreset",
    tags: ["Configuration"],
    summary: "Read an export preset",
    description: `${PRESET_PRIVACY} A preset the caller may not see answers 404 like an unknown id.`,
    request: { params: companyParams({ presetId: PresetIdParam }) },
    responses: { 200: jsonContent(PresetSchema, "The preset."), ...validationErrorResponse, ...notFoundResponse },
  }),
  async (c) => c.json(await readExportPreset(contextOf(c), c.req.valid("param").presetId), 200),
);
