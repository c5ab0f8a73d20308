import type { RouteEntry } from "../../http/registry";
import { deleteFile } from "./delete-file";
import { listFiles } from "./list-files";
import { readFile } from "./read-file";
import { readFileContent } from "./read-file-content";
import { updateFile } from "./update-file";
import { uploadFile } from "./upload-file";

/** Files: metadata in D1, bytes in R2 (binding FILES). */
export const fileRoutes: RouteEntry[] = [uploadFile, listFiles, readFile, readFileContent, updateFile, deleteFile];
