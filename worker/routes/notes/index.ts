import type { RouteEntry } from "../../http/registry";
import { createNote } from "./create-note";
import { deleteNote } from "./delete-note";
import { listNotes } from "./list-notes";
import { readNote } from "./read-note";
import { updateNote } from "./update-note";

/** Notes on records, with privileged notes seen only by holders of `note.view-privileged`. */
export const noteRoutes: RouteEntry[] = [createNote, listNotes, readNote, updateNote, deleteNote];
