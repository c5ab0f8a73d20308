import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import {
  companyRoute,
  conflictResponse,
  contextOf,
  jsonBody,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { CATEGORY_RULE, FolderSchema, folderParams, folderView, TAGS, UpdateFolderBodySchema } from "./schemas";

const DESCRIPTION = [
  "Updates `name`, `parentId` and `category` (at least one). `parentId` moves the folder, with its subfolders " +
    "and files, under another folder of the same record (company folders count as one record), or to the root " +
    "with `null`. A parent of another record is 400 `VALIDATION_ERROR`; the folder itself or one of its " +
    "descendants as the new parent is 409 `FolderCycle`. A refused change applies nothing. Refusals in order: " +
    "unknown folder or parent (404), parent of another record (400), category (400), cycle (409).",
  CATEGORY_RULE,
].join("\n\n");

export const updateFolder = defineRoute(
  companyRoute("P", "folder.edit", {
    method: "patch",
    path: "/folders/{folderId}",
    operationId: "updateFolder",
    tags: TAGS,
    summary: "Rename, move or recategorise a folder",
    description: DESCRIPTION,
    request: { params: folderParams, body: jsonBody(UpdateFolderBodySchema) },
    responses: {
      200: jsonContent(FolderSchema, "The folder."),
      ...validationErrorResponse,
      ...notFoundResponse,
      ...conflictResponse("The new parent is the folder or one of its descendants (`FolderCycle`)."),
    },
  }),
  async (c) => {
    const { batchId: _batchId, ...change } = c.req.valid("json");
    const folder = await companyObject(contextOf(c)).updateFolder({
      folderId: c.req.valid("param").folderId,
      ...change,
    });
    return c.json(folderView(folder), 200);
  },
);
