import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, NoBody, notFoundResponse, validationErrorResponse } from "../../http/route";
import { deleteFile as deleteFileOperation } from "../../operations/files/delete-file";
import { fileParams, TAGS } from "./schemas";

export const deleteFile = defineRoute(
  companyRoute("P", "file.delete", {
    method: "delete",
    path: "/files/{fileId}",
    operationId: "deleteFile",
    tags: TAGS,
    summary: "Delete a file",
    description:
      "Removes the row first (the metadata and content reads answer 404 from then on) and then the stored " +
      "bytes, retried in the background until they are gone.",
    request: { params: fileParams, body: NoBody },
    responses: { 204: { description: "Deleted." }, ...validationErrorResponse, ...notFoundResponse },
  }),
  async (c) => {
    await deleteFileOperation(contextOf(c), c.req.valid("param").fileId);
    return c.body(null, 204);
  },
);
