import { offsetOf, pageEnvelope } from "../../http/pagination";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { listFolders as listFoldersOperation } from "../../operations/folders/list-folders";
import { FolderListQuery, FolderSchema, folderView, TAGS } from "./schemas";

export const listFolders = defineRoute(
  companyRoute("P", "folder.view", {
    method: "get",
    path: "/folders",
    operationId: "listFolders",
    tags: TAGS,
    summary: "List folders, by name",
    description:
      "Filters (optional, combined): `entityType` + `entityId`: the record's folders at every depth (404 when " +
      "the record does not exist); `company=true`: the company's own folders; `parentId`: the direct children " +
      "of that folder (404 when it does not exist), or `parentId=root`: the root folders of the record or " +
      "company named. Without filters, every folder of the company. Order: `name` in code-point order, then `id`.",
    request: { params: companyParams(), query: FolderListQuery },
    responses: {
      200: jsonContent(pageEnvelope(FolderSchema), "A page of folders."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => {
    const { entityType, entityId, company, parentId, page, pageSize } = c.req.valid("query");
    const { items, totalCount } = await listFoldersOperation(contextOf(c), {
      entityType,
      entityId,
      company: company === "true",
      parentId,
      limit: pageSize,
      offset: offsetOf(page, pageSize),
    });
    return c.json({ items: items.map(folderView), totalCount, page, pageSize }, 200);
  },
);
