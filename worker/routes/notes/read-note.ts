import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, jsonContent, notFoundResponse, validationErrorResponse } from "../../http/route";
import { readNote as readNoteOperation } from "../../operations/notes/read-note";
import { NoteSchema, noteParams, noteView, PRIVILEGED_RULE, TAGS } from "./schemas";

export const readNote = defineRoute(
  companyRoute("P", "note.view", {
    method: "get",
    path: "/notes/{noteId}",
    operationId: "getNote",
    tags: TAGS,
    summary: "Read a note",
    description: PRIVILEGED_RULE,
    request: { params: noteParams },
    responses: {
      200: jsonContent(NoteSchema, "The note."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => c.json(noteView(await readNoteOperation(contextOf(c), c.req.valid("param").noteId)), 200),
);
