import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, NoBody, notFoundResponse, validationErrorResponse } from "../../http/route";
import { deleteTask as deleteTaskOperation } from "../../operations/tasks/delete-task";
import { TAGS, taskParams } from "./schemas";

export const deleteTask = defineRoute(
  companyRoute("P", "task.delete", {
    method: "delete",
    path: "/tasks/{taskId}",
    operationId: "deleteTask",
    tags: TAGS,
    summary: "Delete a task",
    request: { params: taskParams, body: NoBody },
    responses: { 204: { description: "Deleted." }, ...validationErrorResponse, ...notFoundResponse },
  }),
  async (c) => {
    await deleteTaskOperation(contextOf(c), c.req.valid("param").taskId);
    return c.body(null, 204);
  },
);
