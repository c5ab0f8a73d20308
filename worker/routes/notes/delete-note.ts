import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, NoBody, notFoundResponse, validationErrorResponse } from "../../http/route";
import { deleteNote as deleteNoteOperation } from "../../operations/notes/delete-note";
import { noteParams, PRIVILEGED_RULE, TAGS } from "./schemas";

export const deleteNote = defineRoute(
  companyRoute("P", "note.delete", {
    method: "delete",
    path: "/notes/{noteId}",
    operationId: "deleteNote",
    tags: TAGS,
    summary: "Delete a note",
    description: PRIVILEGED_RULE,
    request: { params: noteParams, body: NoBody },
    responses: { 204: { description: "Deleted." }, ...validationErrorResponse, ...notFoundResponse },
  }),
  async (c) => {
    await deleteNoteOperation(contextOf(c), c.req.valid("param").noteId);
    return c.body(null, 204);
  },
);
