import { defineRoute } from "../../http/registry";
import {
  companyRoute,
  contextOf,
  jsonBody,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { updateNote as updateNoteOperation } from "../../operations/notes/update-note";
import { NoteSchema, noteParams, noteView, PRIVILEGED_RULE, TAGS, UpdateNoteBodySchema } from "./schemas";

export const updateNote = defineRoute(
  companyRoute("P", "note.edit", {
    method: "patch",
    path: "/notes/{noteId}",
    operationId: "updateNote",
    tags: TAGS,
    summary: "Change a note's text or privileged flag",
    description: [
      "Partial update: send `note`, `privileged`, or both (at least one). A note never changes its record: " +
        "`entityType` or `entityId` in the body is 400.",
      PRIVILEGED_RULE,
    ].join("\n\n"),
    request: { params: noteParams, body: jsonBody(UpdateNoteBodySchema) },
    responses: {
      200: jsonContent(NoteSchema, "The note."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => {
    const { note, privileged } = c.req.valid("json");
    const row = await updateNoteOperation(contextOf(c), { noteId: c.req.valid("param").noteId, note, privileged });
    return c.json(noteView(row), 200);
  },
);
