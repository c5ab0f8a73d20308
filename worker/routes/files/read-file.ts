import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, jsonContent, notFoundResponse, validationErrorResponse } from "../../http/route";
import { readFile as readFileOperation } from "../../operations/files/read-file";
import { FileSchema, fileParams, fileView, TAGS } from "./schemas";

export const readFile = defineRoute(
  companyRoute("P", "file.view", {
    method: "get",
    path: "/files/{fileId}",
    operationId: "getFile",
    tags: TAGS,
    summary: "Read a file's metadata",
    request: { params: fileParams },
    responses: {
      200: jsonContent(FileSchema, "The file's metadata."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => c.json(fileView(await readFileOperation(contextOf(c), c.req.valid("param").fileId)), 200),
);
