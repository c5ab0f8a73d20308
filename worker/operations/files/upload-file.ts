import { z } from "zod";
import { companyObject } from "../../company-object";
import { type Database, database } from "../../db/client";
import { type FileRow, forgetUnplacedObject, queueObjectPurge, recordUnplacedObject } from "../../db/queries/files";
import { ATTACHABLE_TYPES, type AttachableType } from "../../domain/attachments/attached-record";
import { fileNameProblem } from "../../domain/files/file-name";
import { ApiError, type FieldError } from "../../errors/api-error";
import { invalidMembers } from "../../errors/attachment-refusals";
import type { OperationContext } from "../context";
import type { PlaceFileInput } from "./place-uploaded-file";
import { requestObjectPurge } from "./purge-stored-objects";
import { type ReceivedUpload, receiveUpload, type UploadRequest } from "./receive-upload";
import { objectKeyOf } from "./stored-object";

const isUuid = (text: string) => z.uuid().safeParse(text).success;

/** The file's metadata from the parts, or every problem with them (400, naming each part). */
function placementOf(upload: ReceivedUpload): Omit<PlaceFileInput, "id" | "objectKey"> {
  const problems: FieldError[] = [...upload.problems];
  const { text, file } = upload;
  if (!file && !problems.some((p) => p.field === "file")) problems.push({ field: "file", message: "is required" });
  const name = text.name ?? file?.filename ?? "";
  const nameProblem = file || text.name !== undefined ? fileNameProblem(name) : null;
  if (nameProblem)
    problems.push(
      text.name !== undefined
        ? { field: "name", message: nameProblem }
        : { field: "file", message: `filename ${nameProblem}` },
    );
  if (text.folderId !== undefined && !isUuid(text.folderId))
    problems.push({ field: "folderId", message: "must be a UUID" });
  if (text.entityType !== undefined && !(ATTACHABLE_TYPES as readonly string[]).includes(text.entityType))
    problems.push({ field: "entityType", message: `must be one of: ${ATTACHABLE_TYPES.join(", ")}` });
  if (text.entityId !== undefined && !isUuid(text.entityId))
    problems.push({ field: "entityId", message: "must be a UUID" });
  if ((text.entityType === undefined) !== (text.entityId === undefined))
    problems.push({ field: "entityId", message: "entityType and entityId go together: send both or neither" });
  if (problems.length > 0 || !file) throw invalidMembers(problems);
  return {
    name,
    size: file.size,
    contentType: file.contentType,
    sha256: file.sha256,
    folderId: text.folderId,
    entityType: text.entityType as AttachableType | undefined,
    entityId: text.entityId,
    category: text.category,
  };
}

/**
 * Deletes the object of a refused upload, whose row will not be written; when that fails, queues it for the
 * background purge. Either way it is no longer unplaced. Bookkeeping, so written outside the request's
 * idempotency marks (a refusal still frees its key).
 */
async function abandonObject(ctx: OperationContext, db: Database, objectKey: string) {
  try {
    await ctx.env.FILES.delete(objectKey);
  } catch {
    await queueObjectPurge(db, ctx.companyId, objectKey, ctx.now.toISOString());
    await requestObjectPurge(ctx);
  }
  await forgetUnplacedObject(db, objectKey);
}

/**
 * One multipart upload (CONTRACT section 6, Files): the bytes are streamed to R2 while they are counted
 * and hashed, then the row is written in the company object (where file placements into folders are
 * serialized) only once the object is stored. Before the object becomes visible it is recorded as unplaced
 * (`unplaced_file_objects`), and the batch that writes its row forgets it. A refusal after the object was
 * stored (a bad part, an unknown folder or record, a category) deletes the object at once, so a refused upload
 * leaves neither row nor object. Any other failure (the request stopped, the company object's answer lost:
 * its row may have committed) leaves the object to the scheduled sweep, which deletes it unless a row names it.
 * `onBatchId` receives a `batchId` part for the audit log.
 */
export async function uploadFile(
  ctx: OperationContext,
  request: UploadRequest,
  onBatchId?: (batchId: string) => void,
): Promise<FileRow> {
  const id = crypto.randomUUID();
  const objectKey = objectKeyOf(ctx.companyId, id);
  // The unplaced-object bookkeeping goes outside the request's idempotency marks.
  const bookkeeping = database(ctx.env.DB);
  let recorded = false;
  const recordUnplaced = async () => {
    const object = { objectKey, companyId: ctx.companyId, fileId: id, storedAt: new Date().toISOString() };
    await recordUnplacedObject(bookkeeping, object);
    recorded = true;
  };
  let upload: ReceivedUpload;
  try {
    upload = await receiveUpload(ctx.env.FILES, objectKey, request, recordUnplaced);
  } catch (err) {
    if (recorded) await abandonObject(ctx, bookkeeping, objectKey);
    throw err;
  }
  if (upload.text.batchId !== undefined) onBatchId?.(upload.text.batchId);
  try {
    return await companyObject(ctx).placeUploadedFile({ id, objectKey, ...placementOf(upload) });
  } catch (err) {
    // A refusal comes before any write; anything else may have followed the row's commit.
    if (upload.object && err instanceof ApiError) await abandonObject(ctx, bookkeeping, objectKey);
    throw err;
  }
}
