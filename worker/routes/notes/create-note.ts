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
import { createNote as createNoteOperation } from "../../operations/notes/create-note";
import { ATTACHED_RECORD_RULE } from "../attachments/schemas";
import { CreateNoteBodySchema, NoteSchema, noteView, PRIVILEGED_RULE, TAGS } from "./schemas";

export const createNote = defineRoute(
  companyRoute("P", "note.create", {
    method: "post",
    path: "/notes",
    operationId: "createNote",
    tags: TAGS,
    summary: "Add a note to a record",
    description: [ATTACHED_RECORD_RULE, PRIVILEGED_RULE, "A member not listed is 400 `VALIDATION_ERROR`."].join("\n\n"),
    request: { params: companyParams(), body: jsonBody(CreateNoteBodySchema) },
    responses: {
      201: jsonContent(NoteSchema, "The note."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => {
    const { entityType, entityId, note, privileged } = c.req.valid("json");
    const row = await createNoteOperation(contextOf(c), { entityType, entityId, note, privileged });
    return c.json(noteView(row), 201);
  },
);
