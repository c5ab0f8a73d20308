import { ATTACHABLE_TYPES } from "../../domain/attachments/attached-record";
import { MAX_FILE_BYTES, MAX_UPLOAD_BODY_BYTES } from "../../domain/files/limits";
import { ErrorEnvelopeSchema } from "../../http/errors";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { uploadFile as uploadFileOperation } from "../../operations/files/upload-file";
import { ATTACHED_RECORD_RULE } from "../attachments/schemas";
import { FILE_CATEGORY_RULE, FileSchema, fileView, TAGS } from "./schemas";

const DESCRIPTION = [
  "The body is `multipart/form-data` (RFC 7578), not JSON: one part `file` with the bytes (required), and " +
    "optional text parts `name`, `folderId`, `category`, `entityType`, `entityId`, `batchId`. Example: " +
    "`curl -F 'file=@policy.pdf;type=application/pdf' -F entityType=policy -F entityId=<policyId> …`.",
  "The `file` part needs a non-empty quoted `filename` (the UTF-8 text between its quotes, taken as it is; " +
    'percent sequences are not decoded). `name` defaults to that filename; names holding `"` or `\\` go in the ' +
    "`name` part. `name` is 1 to 255 characters without control characters. The part's `Content-Type` becomes " +
    "`contentType` (a valid media type of printable ASCII, at most 255 characters; `application/octet-stream` " +
    "when absent). A missing `file` part, a repeated or unknown part, or a text part over 4,096 bytes is 400 " +
    "`VALIDATION_ERROR`; an empty text part counts as absent. A `batchId` part reaches the audit log.",
  "Size: the file is at most 26,214,400 bytes (25 MiB); zero bytes are accepted. A larger file, or a body over " +
    "26,214,400 + 65,536 bytes (refused from `Content-Length` before it is read when it says so), is 413 " +
    "`PayloadTooLarge` and nothing is stored. A body that is not `multipart/form-data` is 415 " +
    "`UnsupportedMediaType`. The JSON body cap does not apply to this route.",
  "Storage: the bytes are streamed to object storage as they arrive (hashed and counted on the way; at most " +
    "one 5 MiB part held in memory), and the metadata row is written only once the object is stored. A refused " +
    "upload leaves neither row nor object. An object whose row was never committed (the request stopped before " +
    "its answer) is never served and is deleted by a sweep that runs every 15 minutes, once it is an hour old. `sha256` is the lowercase hex SHA-256 of the bytes.",
  "Placement: with `folderId` the file takes the folder's record (`entityType`/`entityId` omitted or equal, " +
    "else 400). Without it, `entityType` + `entityId` attach the file to a record, or neither for a company file.",
  ATTACHED_RECORD_RULE,
  FILE_CATEGORY_RULE,
  "Refusals in order: permission (403), media type (415), size (413), parts (400), unknown folder or record " +
    "(404), record and category rules (400).",
].join("\n\n");

/** The multipart body as the description shows it; the route reads the stream itself (no buffering validator). */
const MULTIPART_BODY = {
  type: "object" as const,
  required: ["file"],
  properties: {
    file: {
      type: "string" as const,
      format: "binary",
      maxLength: MAX_FILE_BYTES,
      description: "The bytes, with a quoted filename.",
    },
    name: { type: "string" as const, maxLength: 255, description: "Name of the file; default: the filename." },
    folderId: { type: "string" as const, format: "uuid", maxLength: 36, description: "Folder to place the file in." },
    category: { type: "string" as const, maxLength: 1000, description: "A configured category label." },
    entityType: { type: "string" as const, enum: [...ATTACHABLE_TYPES] },
    entityId: { type: "string" as const, format: "uuid", maxLength: 36 },
    batchId: { type: "string" as const, maxLength: 4096, description: "Passed through to the audit log." },
  },
};

export const uploadFile = defineRoute(
  companyRoute(
    "P",
    "file.create",
    {
      method: "post",
      path: "/files",
      operationId: "uploadFile",
      tags: TAGS,
      summary: "Upload a file (multipart/form-data)",
      description: DESCRIPTION,
      request: {
        params: companyParams(),
        body: {
          required: true,
          content: {
            "multipart/form-data": { schema: MULTIPART_BODY, encoding: { file: { contentType: "*/*" } } },
          },
        },
      },
      responses: {
        201: jsonContent(FileSchema, "The file's metadata."),
        ...validationErrorResponse,
        ...notFoundResponse,
        413: jsonContent(ErrorEnvelopeSchema, "The file or the body is too large (`PayloadTooLarge`); nothing stored."),
        415: jsonContent(ErrorEnvelopeSchema, "The body is not multipart/form-data (`UnsupportedMediaType`)."),
      },
    },
    { bodyLimit: MAX_UPLOAD_BODY_BYTES },
  ),
  async (c) => {
    const file = await uploadFileOperation(
      contextOf(c),
      {
        contentType: c.req.header("content-type") ?? null,
        contentLength: c.req.header("content-length") ?? null,
        body: c.req.raw.body,
      },
      (batchId) => c.set("batchId", batchId),
    );
    return c.json(fileView(file), 201);
  },
);
