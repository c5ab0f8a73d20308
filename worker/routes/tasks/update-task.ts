import { defineRoute } from "../../http/registry";
import {
  companyRoute,
  contextOf,
  jsonBody,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { updateTask as updateTaskOperation } from "../../operations/tasks/update-task";
import { TAGS, TaskSchema, taskParams, taskView, UpdateTaskBodySchema } from "./schemas";

export const updateTask = defineRoute(
  companyRoute("P", "task.edit", {
    method: "patch",
    path: "/tasks/{taskId}",
    operationId: "updateTask",
    tags: TAGS,
    summary: "Change a task",
    description:
      "Partial update with any create member (at least one). `null` clears `description`, `assignee` and " +
      "`dueDate`; `title` and `status` cannot be null. `entityType` and `entityId` together move the task to " +
      "another record (404 when it does not exist), or both `null` detach it. Entering `done` sets " +
      "`completedAt`, staying `done` keeps it, any other status clears it.",
    request: { params: taskParams, body: jsonBody(UpdateTaskBodySchema) },
    responses: { 200: jsonContent(TaskSchema, "The task."), ...validationErrorResponse, ...notFoundResponse },
  }),
  async (c) => {
    const { batchId: _batchId, ...change } = c.req.valid("json");
    const row = await updateTaskOperation(contextOf(c), { taskId: c.req.valid("param").taskId, ...change });
    return c.json(taskView(row), 200);
  },
);
