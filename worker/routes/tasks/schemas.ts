import { z } from "@hono/zod-openapi";
import type { TaskRow } from "../../db/queries/tasks";
import type { AttachableType } from "../../domain/attachments/attached-record";
import { Fmv1DateSchema } from "../../domain/dates/fmv1-date-schema";
import { TASK_STATUSES } from "../../domain/tasks/task-rules";
import { companyParams, UuidSchema } from "../../http/route";
import {
  AttachableTypeSchema,
  BatchIdMember,
  BOTH_OR_NEITHER,
  bothOrNeither,
  boundedText,
  EntityIdSchema,
  NAMES_SOMETHING,
  NULL_TOGETHER,
  namesSomething,
  nullTogether,
} from "../attachments/schemas";

export const TAGS = ["Tasks"];

const StatusSchema = z.enum(TASK_STATUSES).openapi({
  description: "`open` (default), `in_progress` or `done`; any status may follow any other.",
});

const Title = boundedText(500, { min: 1, notBlank: true }).openapi({ description: "1 to 500 characters, not blank." });
const Description = boundedText(20_000).openapi({ description: "Up to 20,000 characters." });
const Assignee = boundedText(200, { min: 1 }).openapi({
  description: "Free text of 1 to 200 characters (a name or e-mail address; no user directory is consulted).",
});
const DueDate = Fmv1DateSchema.openapi({
  description:
    'Fmv1Date `{date: "YYYY-MM-DD", timezone?}`; `{date}` reads back with timezone `America/New_York`. The ' +
    "`{year, month, day}` spelling, a day that does not exist, an unknown zone or member is 400 naming `dueDate`.",
});

export const TaskSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string().nullable(),
    status: StatusSchema,
    assignee: z.string().nullable(),
    dueDate: z.object({ date: z.string(), timezone: z.string() }).nullable(),
    entityType: AttachableTypeSchema.nullable(),
    entityId: z.uuid().nullable(),
    completedAt: z.string().nullable().openapi({
      description: "Set when the task enters `done`, kept while it stays `done`, null in the other statuses.",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: z.string().nullable().openapi({ description: "Id of the API key that made the task." }),
  })
  .openapi("Task");

export const CreateTaskBodySchema = z
  .strictObject({
    title: Title,
    description: Description.nullable().optional(),
    status: StatusSchema.optional(),
    assignee: Assignee.nullable().optional(),
    dueDate: DueDate.nullable().optional(),
    entityType: AttachableTypeSchema.nullable().optional(),
    entityId: EntityIdSchema.nullable().optional(),
    ...BatchIdMember,
  })
  .refine(bothOrNeither, BOTH_OR_NEITHER)
  .refine(nullTogether, NULL_TOGETHER)
  .openapi("CreateTaskRequest");

export const UpdateTaskBodySchema = z
  .strictObject({
    title: Title.optional(),
    description: Description.nullable().optional(),
    status: StatusSchema.optional(),
    assignee: Assignee.nullable().optional(),
    dueDate: DueDate.nullable().optional(),
    entityType: AttachableTypeSchema.nullable().optional(),
    entityId: EntityIdSchema.nullable().optional(),
    ...BatchIdMember,
  })
  .refine(bothOrNeither, BOTH_OR_NEITHER)
  .refine(nullTogether, NULL_TOGETHER)
  .refine(namesSomething, NAMES_SOMETHING)
  .openapi("UpdateTaskRequest");

const DUE_BEFORE =
  "Civil-day literal `{year, month, day}`: keeps tasks whose `dueDate.date` is strictly earlier than that day " +
  '(the timezone is not considered; undated tasks never match). Send it as JSON (`dueBefore={"year":2025,' +
  '"month":3,"day":1}`) or as three members (`dueBefore.year=2025&dueBefore.month=3&dueBefore.day=1`); any ' +
  "other spelling, `YYYY-MM-DD` included, and a day that does not exist are 400.";

export const TaskFilterQuery = {
  status: StatusSchema.optional(),
  entityType: AttachableTypeSchema.optional(),
  entityId: EntityIdSchema.optional(),
  assignee: Assignee.optional().openapi({ description: "Exact match." }),
  dueBefore: z.string().max(100).optional().openapi({ description: DUE_BEFORE }),
  "dueBefore.year": z.string().max(10).optional().openapi({ description: "Year of `dueBefore` (three-member form)." }),
  "dueBefore.month": z.string().max(10).optional().openapi({ description: "Month of `dueBefore`, 1 to 12." }),
  "dueBefore.day": z.string().max(10).optional().openapi({ description: "Day of `dueBefore`." }),
};

export const taskParams = companyParams({ taskId: UuidSchema.openapi({ param: { name: "taskId", in: "path" } }) });

export const taskView = (row: TaskRow) => ({
  id: row.id,
  title: row.title,
  description: row.description,
  status: row.status,
  assignee: row.assignee,
  dueDate: row.dueDate === null ? null : { date: row.dueDate, timezone: row.dueTimezone ?? "America/New_York" },
  entityType: row.entityType as AttachableType | null,
  entityId: row.entityId,
  completedAt: row.completedAt,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  createdBy: row.createdBy,
});
