import { type FileRow, findFile } from "../../db/queries/files";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";

export async function readFile(ctx: OperationContext, fileId: string): Promise<FileRow> {
  const file = await findFile(ctx.db, ctx.companyId, fileId);
  if (!file) throw notFound();
  return file;
}
