import { z } from "@hono/zod-openapi";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { listFiles as listFilesOperation } from "../../operations/files/list-files";
import { BOTH_OR_NEITHER, bothOrNeither } from "../attachments/schemas";
import { FileListQuery, FileSchema, fileView, TAGS } from "./schemas";

export const listFiles = defineRoute(
  companyRoute("P", "file.view", {
    method: "get",
    path: "/files",
    operationId: "listFiles",
    tags: TAGS,
    summary: "List files, newest first",
    description:
      "Filters (optional, combined): `folderId` lists the files directly in that folder, `folderId=none` the " +
      "files in no folder; `entityType` + `entityId` the record's files in every folder (404 when the record " +
      "does not exist); `category` an exact label. Without filters, every file of the company. Newest first " +
      "(`createdAt`, then `id`).",
    request: {
      params: companyParams(),
      query: z.object({ ...FileListQuery, ...pageQuery(50, 500) }).refine(bothOrNeither, BOTH_OR_NEITHER),
    },
    responses: {
      200: jsonContent(pageEnvelope(FileSchema), "A page of files."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => {
    const { page, pageSize, ...filters } = c.req.valid("query");
    const { items, totalCount } = await listFilesOperation(contextOf(c), {
      ...filters,
      limit: pageSize,
      offset: offsetOf(page, pageSize),
    });
    return c.json({ items: items.map(fileView), totalCount, page, pageSize }, 200);
  },
);
