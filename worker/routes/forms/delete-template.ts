import { defineRoute } from "../../http/registry";
import {
  companyRoute,
  conflictResponse,
  contextOf,
  NoBody,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { deleteTemplate } from "../../operations/forms/delete-template";
import { TAGS, templateParams } from "./schemas";

export const deleteFormTemplate = defineRoute(
  companyRoute("P", "form.delete", {
    method: "delete",
    path: "/forms/{number}",
    operationId: "deleteFormTemplate",
    tags: TAGS,
    summary: "Delete a form template",
    description:
      "Refused with 409 `form-template-referenced-by-form-logic`, deleting nothing, while a live forms-logic " +
      "rule references the form; the message names the rule ids. Generated forms keep their `formNumber` and " +
      "`formName` after the template is deleted.",
    request: { params: templateParams, body: NoBody },
    responses: {
      204: { description: "Deleted." },
      ...validationErrorResponse,
      ...notFoundResponse,
      ...conflictResponse("A forms-logic rule references the form (`form-template-referenced-by-form-logic`)."),
    },
  }),
  async (c) => {
    await deleteTemplate(contextOf(c), c.req.valid("param").number);
    return c.body(null, 204);
  },
);
