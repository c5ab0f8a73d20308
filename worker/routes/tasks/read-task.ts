import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, jsonContent, notFoundResponse, validationErrorResponse } from "../../http/route";
import { readTask as readTaskOperation } from "../../operations/tasks/read-task";
import { TAGS, TaskSchema, taskParams, taskView } from "./schemas";

export const readTask = defineRoute(
  companyRoute("P", "task.view", {
    method: "get",
    path: "/tasks/{taskId}",
    operationId: "getTask",
    tags: TAGS,
    summary: "Read a task",
    request: { params: taskParams },
    responses: { 200: jsonContent(TaskSchema, "The task."), ...validationErrorResponse, ...notFoundResponse },
  }),
  async (c) => c.json(taskView(await readTaskOperation(contextOf(c), c.req.valid("param").taskId)), 200),
);
