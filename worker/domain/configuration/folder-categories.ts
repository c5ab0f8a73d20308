import type { ConfigurationDocument } from "./document";

/**
 * The folder and file category labels configured for an entity type (interface, "folder node
 * `category`"): a label outside this list is refused unless the folder already carries it.
 */
export function folderCategoriesFor(document: ConfigurationDocument, entityType: string): string[] {
  const categories = Object.hasOwn(document.folderCategories, entityType)
    ? document.folderCategories[entityType]
    : undefined;
  return [...(categories ?? [])];
}
