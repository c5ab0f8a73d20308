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
import { listTasks as listTasksOperation } from "../../operations/tasks/list-tasks";
import { BOTH_OR_NEITHER, bothOrNeither } from "../attachments/schemas";
import { TAGS, TaskFilterQuery, TaskSchema, taskView } from "./schemas";

export const listTasks = defineRoute(
  companyRoute("P", "task.view", {
    method: "get",
    path: "/tasks",
    operationId: "listTasks",
    tags: TAGS,
    summary: "List tasks",
    description:
      "Every filter is optional and they combine: `status` (one value), `entityType` + `entityId` together " +
      "(404 when the record does not exist), `assignee` (exact match), `dueBefore`. Order: `dueDate.date` " +
      "ascending with undated tasks last, then `createdAt` ascending, then `id`.",
    request: {
      params: companyParams(),
      query: z.object({ ...TaskFilterQuery, ...pageQuery(50, 500) }).refine(bothOrNeither, BOTH_OR_NEITHER),
    },
    responses: {
      200: jsonContent(pageEnvelope(TaskSchema), "A page of tasks."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => {
    const query = c.req.valid("query");
    const { page, pageSize } = query;
    const { items, totalCount } = await listTasksOperation(contextOf(c), {
      status: query.status,
      entityType: query.entityType,
      entityId: query.entityId,
      assignee: query.assignee,
      dueBefore: {
        dueBefore: query.dueBefore,
        "dueBefore.year": query["dueBefore.year"],
        "dueBefore.month": query["dueBefore.month"],
        "dueBefore.day": query["dueBefore.day"],
      },
      limit: pageSize,
      offset: offsetOf(page, pageSize),
    });
    return c.json({ items: items.map(taskView), totalCount, page, pageSize }, 200);
  },
);
