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
import { createTask as createTaskOperation } from "../../operations/tasks/create-task";
import { ATTACHED_RECORD_RULE } from "../attachments/schemas";
import { CreateTaskBodySchema, TAGS, TaskSchema, taskView } from "./schemas";

export const createTask = defineRoute(
  companyRoute("P", "task.create", {
    method: "post",
    path: "/tasks",
    operationId: "createTask",
    tags: TAGS,
    summary: "Create a task",
    description: [
      "A task may be attached to a record or stand alone. Creating it in `done` sets `completedAt`.",
      ATTACHED_RECORD_RULE,
    ].join("\n\n"),
    request: { params: companyParams(), body: jsonBody(CreateTaskBodySchema) },
    responses: { 201: jsonContent(TaskSchema, "The task."), ...validationErrorResponse, ...notFoundResponse },
  }),
  async (c) => {
    const { batchId: _batchId, ...input } = c.req.valid("json");
    return c.json(taskView(await createTaskOperation(contextOf(c), input)), 201);
  },
);
