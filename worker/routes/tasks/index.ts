import type { RouteEntry } from "../../http/registry";
import { createTask } from "./create-task";
import { deleteTask } from "./delete-task";
import { listTasks } from "./list-tasks";
import { readTask } from "./read-task";
import { updateTask } from "./update-task";

/** Tasks with due dates, standalone or attached to a record. */
export const taskRoutes: RouteEntry[] = [createTask, listTasks, readTask, updateTask, deleteTask];
