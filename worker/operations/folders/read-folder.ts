import type { FolderRow } from "../../db/queries/folders";
import type { OperationContext } from "../context";
import { folderOfPath } from "./find-folder";

export const readFolder = (ctx: OperationContext, folderId: string): Promise<FolderRow> => folderOfPath(ctx, folderId);
