import type { FileRow } from "../../db/queries/files";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { readFile } from "./read-file";

/**
 * The stored bytes of a file, whole (`Range` is not honoured). Only a file with a row is served: an
 * object whose row is gone or was never written is never read. A row whose object is missing cannot
 * arise (rows are written after their object and removed before it); it is logged and answered 404.
 */
export async function readFileContent(
  ctx: OperationContext,
  fileId: string,
): Promise<{ file: FileRow; body: ReadableStream }> {
  const file = await readFile(ctx, fileId);
  const object = await ctx.env.FILES.get(file.objectKey);
  if (!object) {
    console.error(JSON.stringify({ requestId: ctx.requestId, storedObjectMissing: file.objectKey }));
    throw notFound();
  }
  return { file, body: object.body };
}
