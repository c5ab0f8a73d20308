import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import {
  companyRoute,
  contextOf,
  jsonBody,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { FILE_CATEGORY_RULE, FileSchema, fileParams, fileView, TAGS, UpdateFileBodySchema } from "./schemas";

const DESCRIPTION = [
  "JSON `{name?, folderId?, category?}`, at least one. `name` renames; `folderId` moves the file into a folder " +
    "of the same record (another record's folder is 400; an unknown folder 404), or out of any folder with " +
    "`null` (the record stays). The bytes never change: upload a new file to replace them.",
  FILE_CATEGORY_RULE,
].join("\n\n");

export const updateFile = defineRoute(
  companyRoute("P", "file.edit", {
    method: "patch",
    path: "/files/{fileId}",
    operationId: "updateFile",
    tags: TAGS,
    summary: "Rename, move or recategorise a file",
    description: DESCRIPTION,
    request: { params: fileParams, body: jsonBody(UpdateFileBodySchema) },
    responses: {
      200: jsonContent(FileSchema, "The file's metadata."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => {
    const { batchId: _batchId, ...change } = c.req.valid("json");
    const file = await companyObject(contextOf(c)).updateFile({ fileId: c.req.valid("param").fileId, ...change });
    return c.json(fileView(file), 200);
  },
);
