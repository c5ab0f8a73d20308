import type { RouteEntry } from "../../http/registry";
import { createLink } from "./create-link";
import { deleteLink } from "./delete-link";
import { listLinks } from "./list-links";
import { readLink } from "./read-link";

/** Links between records through the company's configured relationships. */
export const relationshipRoutes: RouteEntry[] = [createLink, listLinks, readLink, deleteLink];
