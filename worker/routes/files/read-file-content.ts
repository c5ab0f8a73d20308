import { contentDisposition } from "../../domain/files/content-disposition";
import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, notFoundResponse, validationErrorResponse } from "../../http/route";
import { readFileContent as readFileContentOperation } from "../../operations/files/read-file-content";
import { fileParams, TAGS } from "./schemas";

const DESCRIPTION =
  "200 with exactly the stored bytes, not JSON. Headers: `Content-Type` = the file's `contentType`, " +
  '`Content-Length` = its `size`, `Content-Disposition: attachment; filename="<fallback>"; ' +
  "filename*=UTF-8''<name>` (RFC 6266; the fallback replaces `\"`, `\\` and every character outside printable " +
  "ASCII with `_`; the extended value is the UTF-8 name percent-encoded per RFC 8187), " +
  "`X-Content-Type-Options: nosniff` and `Cache-Control: no-store, no-transform` (so no edge compression drops " +
  "the length). `Range` is ignored: the whole content is always sent.";

export const readFileContent = defineRoute(
  companyRoute("P", "file.view", {
    method: "get",
    path: "/files/{fileId}/content",
    operationId: "getFileContent",
    tags: TAGS,
    summary: "Download a file's bytes",
    description: DESCRIPTION,
    request: { params: fileParams },
    responses: {
      200: {
        description: "The stored bytes, with the file's own media type.",
        content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
      },
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => {
    const { file, body } = await readFileContentOperation(contextOf(c), c.req.valid("param").fileId);
    return new Response(body, {
      status: 200,
      headers: {
        "Content-Type": file.contentType,
        "Content-Length": String(file.size),
        "Content-Disposition": contentDisposition(file.name),
        "Cache-Control": "no-store, no-transform",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
);
