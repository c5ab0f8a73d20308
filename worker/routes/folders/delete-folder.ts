import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import {
  companyRoute,
  conflictResponse,
  contextOf,
  NoBody,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { folderParams, TAGS } from "./schemas";

export const deleteFolder = defineRoute(
  companyRoute("P", "folder.delete", {
    method: "delete",
    path: "/folders/{folderId}",
    operationId: "deleteFolder",
    tags: TAGS,
    summary: "Delete an empty folder",
    description:
      "A folder that holds folders or files is 409 `FolderNotEmpty` and nothing is deleted; there is no " +
      "recursive delete.",
    request: { params: folderParams, body: NoBody },
    responses: {
      204: { description: "Deleted." },
      ...validationErrorResponse,
      ...notFoundResponse,
      ...conflictResponse("The folder holds folders or files (`FolderNotEmpty`)."),
    },
  }),
  async (c) => {
    await companyObject(contextOf(c)).deleteFolder(c.req.valid("param").folderId);
    return c.body(null, 204);
  },
);
