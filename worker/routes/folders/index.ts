import type { RouteEntry } from "../../http/registry";
import { createFolder } from "./create-folder";
import { deleteFolder } from "./delete-folder";
import { listFolders } from "./list-folders";
import { readFolder } from "./read-folder";
import { updateFolder } from "./update-folder";

/** Folder trees per record and the company's own folders. */
export const folderRoutes: RouteEntry[] = [createFolder, listFolders, readFolder, updateFolder, deleteFolder];
