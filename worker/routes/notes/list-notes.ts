import { z } from "@hono/zod-openapi";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { listNotes as listNotesOperation } from "../../operations/notes/list-notes";
import { AttachableTypeSchema, EntityIdSchema } from "../attachments/schemas";
import { NoteSchema, noteView, PRIVILEGED_RULE, TAGS } from "./schemas";

export const listNotes = defineRoute(
  companyRoute("P", "note.view", {
    method: "get",
    path: "/notes",
    operationId: "listNotes",
    tags: TAGS,
    summary: "List a record's notes, newest first",
    description: [
      "Both `entityType` and `entityId` are required (400 without); a record that does not exist is 404. " +
        "Newest first (`createdAt`, then `id`).",
      PRIVILEGED_RULE,
    ].join("\n\n"),
    request: {
      params: companyParams(),
      query: z.object({ entityType: AttachableTypeSchema, entityId: EntityIdSchema, ...pageQuery(50, 500) }),
    },
    responses: {
      200: jsonContent(pageEnvelope(NoteSchema), "A page of the notes the caller may see."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => {
    const { entityType, entityId, page, pageSize } = c.req.valid("query");
    const { items, totalCount } = await listNotesOperation(contextOf(c), {
      record: { entityType, entityId },
      limit: pageSize,
      offset: offsetOf(page, pageSize),
    });
    return c.json({ items: items.map(noteView), totalCount, page, pageSize }, 200);
  },
);
