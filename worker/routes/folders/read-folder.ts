import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, jsonContent, notFoundResponse, validationErrorResponse } from "../../http/route";
import { readFolder as readFolderOperation } from "../../operations/folders/read-folder";
import { FolderSchema, folderParams, folderView, TAGS } from "./schemas";

export const readFolder = defineRoute(
  companyRoute("P", "folder.view", {
    method: "get",
    path: "/folders/{folderId}",
    operationId: "getFolder",
    tags: TAGS,
    summary: "Read a folder",
    request: { params: folderParams },
    responses: { 200: jsonContent(FolderSchema, "The folder."), ...validationErrorResponse, ...notFoundResponse },
  }),
  async (c) => c.json(folderView(await readFolderOperation(contextOf(c), c.req.valid("param").folderId)), 200),
);
