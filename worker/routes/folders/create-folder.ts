import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonBody,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { ATTACHED_RECORD_RULE } from "../attachments/schemas";
import { CATEGORY_RULE, CreateFolderBodySchema, FolderSchema, folderView, TAGS } from "./schemas";

const DESCRIPTION = [
  "A folder belongs to the same record as its parent: with `parentId`, `entityType`/`entityId` are omitted or " +
    "equal the parent's (else 400). Without it they name the record whose tree gets a new root folder, or both " +
    "are omitted for a company folder (attached to no record). A `parentId` that does not exist is 404.",
  ATTACHED_RECORD_RULE,
  CATEGORY_RULE,
  "Folder creates, moves and deletes and file placements run one at a time per company.",
].join("\n\n");

export const createFolder = defineRoute(
  companyRoute("P", "folder.create", {
    method: "post",
    path: "/folders",
    operationId: "createFolder",
    tags: TAGS,
    summary: "Create a folder",
    description: DESCRIPTION,
    request: { params: companyParams(), body: jsonBody(CreateFolderBodySchema) },
    responses: { 201: jsonContent(FolderSchema, "The folder."), ...validationErrorResponse, ...notFoundResponse },
  }),
  async (c) => {
    const { batchId: _batchId, ...input } = c.req.valid("json");
    return c.json(folderView(await companyObject(contextOf(c)).createFolder(input)), 201);
  },
);
