import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * What users keep beside a record (CONTRACT section 6): notes, tasks, folders and files. `entity_type` is
 * one of the attachable types (`policy` included) and `entity_id` the record's id; both are null on tasks,
 * folders and files attached to no record (company folders and files).
 */

/** Notes on a record; privileged notes are seen only with `note.view-privileged`. */
export const notes = sqliteTable(
  "notes",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    note: text("note").notNull(),
    privileged: integer("privileged", { mode: "boolean" }).notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    createdBy: text("created_by"),
  },
  // A record's list (newest first) and its count, with or without privileged notes, read this index alone.
  (t) => [index("notes_record_idx").on(t.companyId, t.entityType, t.entityId, t.createdAt, t.id, t.privileged)],
);

export const tasks = sqliteTable(
  "tasks",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    status: text("status", { enum: ["open", "in_progress", "done"] }).notNull(),
    assignee: text("assignee"),
    /** `dueDate.date` (YYYY-MM-DD) and `dueDate.timezone`; both null when the task has no due date. */
    dueDate: text("due_date"),
    dueTimezone: text("due_timezone"),
    entityType: text("entity_type"),
    entityId: text("entity_id"),
    completedAt: text("completed_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    createdBy: text("created_by"),
  },
  (t) => [
    index("tasks_company_due_idx").on(t.companyId, t.dueDate, t.createdAt),
    index("tasks_record_idx").on(t.companyId, t.entityType, t.entityId),
  ],
);

/** Folder trees: one per record, plus the company's own (entity columns null). */
export const folders = sqliteTable(
  "folders",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    name: text("name").notNull(),
    parentId: text("parent_id"),
    entityType: text("entity_type"),
    entityId: text("entity_id"),
    category: text("category"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("folders_record_idx").on(t.companyId, t.entityType, t.entityId, t.name),
    index("folders_parent_idx").on(t.companyId, t.parentId, t.name),
  ],
);

/** File metadata; the bytes are the R2 object `object_key` (`files/<companyId>/<id>`, binding FILES). */
export const files = sqliteTable(
  "files",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    name: text("name").notNull(),
    size: integer("size").notNull(),
    contentType: text("content_type").notNull(),
    sha256: text("sha256").notNull(),
    objectKey: text("object_key").notNull(),
    folderId: text("folder_id"),
    category: text("category"),
    entityType: text("entity_type"),
    entityId: text("entity_id"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    createdBy: text("created_by"),
  },
  (t) => [
    index("files_company_created_idx").on(t.companyId, t.createdAt),
    index("files_folder_idx").on(t.companyId, t.folderId),
    index("files_record_idx").on(t.companyId, t.entityType, t.entityId),
  ],
);

/**
 * Stored objects whose file rows are gone (a file delete, a reset, a wipe): written in the same D1 batch
 * that removes the rows, deleted once the R2 object is deleted. Not application data: a reset must not
 * clear it, or the objects of the files it removed would never be deleted.
 */
export const fileObjectPurges = sqliteTable(
  "file_object_purges",
  {
    objectKey: text("object_key").primaryKey(),
    companyId: text("company_id").notNull(),
    requestedAt: text("requested_at").notNull(),
  },
  (t) => [index("file_object_purges_company_idx").on(t.companyId, t.requestedAt)],
);

/**
 * Uploaded objects stored in R2 whose file row is not yet written (CONTRACT section 6, Files: an object whose row
 * is not committed is deleted, at once or by a sweep). Recorded before the object becomes visible and removed in
 * the batch that writes its row, or after a refused upload deleted the object; a row that outlives its request
 * (the isolate stopped, the answer from the company object was lost) is taken by the scheduled sweep, which
 * queues the object for deletion unless a file row names it. Not application data, like `file_object_purges`.
 */
export const unplacedFileObjects = sqliteTable(
  "unplaced_file_objects",
  {
    objectKey: text("object_key").primaryKey(),
    companyId: text("company_id").notNull(),
    /** The file the row would have (`files.id`): how the sweep tells a placed object from an orphan. */
    fileId: text("file_id").notNull(),
    storedAt: text("stored_at").notNull(),
  },
  (t) => [index("unplaced_file_objects_stored_idx").on(t.storedAt)],
);
