import { canonicalJson } from "../../lib/json";
import type { ConfigurationDocument } from "./document";

export interface CategoryDiff {
  additions: number;
  updates: number;
  deletes: number;
  unchanged: number;
}

/** How items of each list member are identified across two documents. */
const IDENTITY = {
  fieldDefinitions: (f: ConfigurationDocument["fieldDefinitions"][number]) => `${f.entityType}.${f.referenceId}`,
  optionSets: (s: ConfigurationDocument["optionSets"][number]) => s.key,
  customObjects: (o: ConfigurationDocument["customObjects"][number]) => o.key,
  relationships: (r: ConfigurationDocument["relationships"][number]) => r.key,
  cardDefinitions: (c: ConfigurationDocument["cardDefinitions"][number]) => c.key,
  cardSections: (s: ConfigurationDocument["cardSections"][number]) => s.key,
  fieldLocations: (l: ConfigurationDocument["fieldLocations"][number]) =>
    `${l.cardKey}/${l.sectionKey ?? ""}/${l.referenceId}`,
  ratingWorkflows: (w: ConfigurationDocument["ratingWorkflows"][number]) => w.name,
} as const;

export type DiffCategory = keyof typeof IDENTITY;

/** The categories a configuration diff reports (interface, "Configuration diff"). */
export const COMPARE_CATEGORIES = [
  "fieldDefinitions",
  "optionSets",
  "customObjects",
  "cardDefinitions",
  "cardSections",
  "fieldLocations",
] as const satisfies readonly DiffCategory[];

export function diffItems<T>(before: readonly T[], after: readonly T[], identity: (item: T) => string): CategoryDiff {
  const previous = new Map(before.map((item) => [identity(item), canonicalJson(item)]));
  const result: CategoryDiff = { additions: 0, updates: 0, deletes: 0, unchanged: 0 };
  const seen = new Set<string>();
  for (const item of after) {
    const id = identity(item);
    seen.add(id);
    const was = previous.get(id);
    if (was === undefined) result.additions++;
    else if (was === canonicalJson(item)) result.unchanged++;
    else result.updates++;
  }
  result.deletes = [...previous.keys()].filter((id) => !seen.has(id)).length;
  return result;
}

export function diffCategory(
  category: DiffCategory,
  before: ConfigurationDocument,
  after: ConfigurationDocument,
): CategoryDiff {
  const identity = IDENTITY[category] as (item: unknown) => string;
  return diffItems(before[category] as unknown[], after[category] as unknown[], identity);
}

export function diffDocuments<C extends DiffCategory>(
  categories: readonly C[],
  before: ConfigurationDocument,
  after: ConfigurationDocument,
): Record<C, CategoryDiff> {
  return Object.fromEntries(categories.map((c) => [c, diffCategory(c, before, after)])) as Record<C, CategoryDiff>;
}
