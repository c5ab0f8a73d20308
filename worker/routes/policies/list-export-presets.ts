import { z } from "@hono/zod-openapi";
import { EXPORT_SURFACES } from "../../domain/bordereau/presets";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent, validationErrorResponse } from "../../http/route";
import { uuidString } from "../../lib/bounded";
import { listExportPresets as listPresets } from "../../operations/bordereau/list-export-presets";
import { PRESET_PRIVACY, PresetSchema } from "./schemas";

const presetQuery = z.object({
  ...pageQuery(50, 500),
  entityType: z.enum(EXPORT_SURFACES).optional(),
  ownerUserId: uuidString().optional(),
});

export const listExportPresets = defineRoute(
  companyRoute("P", "export-preset.view", {
    method: "get",
    path: "/export-presets",
    operationId: "listExportPresets",
    tags: ["Configuration"],
    summary: "List the export presets the caller may see",
    description: `Newest first; filters \`entityType\` and \`ownerUserId\`. ${PRESET_PRIVACY}`,
    request: { params: companyParams(), query: presetQuery },
    responses: { 200: jsonContent(pageEnvelope(PresetSchema), "A page of presets."), ...validationErrorResponse },
  }),
  async (c) => {
    const { page, pageSize, entityType, ownerUserId } = c.req.valid("query");
    const window = { limit: pageSize, offset: offsetOf(page, pageSize) };
    const { items, totalCount } = await listPresets(contextOf(c), { entityType, ownerUserId }, window);
    return c.json({ items, totalCount, page, pageSize }, 200);
  },
);
