import type { Financials } from "../configuration/document";
import type {
  CatalogCategory,
  CatalogInvoiceType,
  CatalogLineItemType,
  FinancialCatalog,
  InvoiceEntityType,
  PayeeEntityType,
} from "./catalog";

/**
 * Ids of financial configuration members (CONTRACT section 7.2): the service mints a UUID for each category
 * and line item type, stable while the name stays configured (a re-import keeps it; a new name gets a new
 * one). A stored member row keeps the last settings of its name, so a member a forced import removed still
 * describes the accounts that use it.
 */

export type MemberKind = "category" | "lineItemType";

type CategorySettings = Omit<CatalogCategory, "id" | "name" | "removedAt">;
type LineItemTypeSettings = Omit<CatalogLineItemType, "id" | "name" | "removedAt">;

export interface MemberRow {
  id: string;
  member: MemberKind;
  name: string;
  settings: CategorySettings | LineItemTypeSettings;
  removedAt: string | null;
}

export interface MemberSync {
  /** Every configured member with its id and current settings (new ones with fresh ids). */
  configured: MemberRow[];
  /** Ids of members configured before and gone from this document. */
  removed: string[];
}

/** The member rows a document leaves: kept ids for kept names, new ids for new names, the rest removed. */
export function syncMembers(stored: readonly MemberRow[], financials: Financials, mintId: () => string): MemberSync {
  const live = stored.filter((row) => row.removedAt === null);
  const idOf = (member: MemberKind, name: string) =>
    live.find((row) => row.member === member && row.name === name)?.id ?? mintId();
  const categories: MemberRow[] = financials.categories.map((c) => ({
    id: idOf("category", c.name),
    member: "category",
    name: c.name,
    settings: { kind: c.kind, expectedDirection: c.expectedDirection, deprecatedAt: c.deprecatedAt },
    removedAt: null,
  }));
  const categoryId = (name: string | null) =>
    name === null ? null : (categories.find((c) => c.name === name)?.id ?? null);
  const types: MemberRow[] = financials.policyFinancials.lineItemTypes.map((t) => ({
    id: idOf("lineItemType", t.name),
    member: "lineItemType",
    name: t.name,
    settings: {
      direction: t.direction,
      lifecycle: t.lifecycle,
      allowedOn: t.allowedOn,
      category: t.category,
      categoryId: categoryId(t.category),
      pricingKind: t.pricingKind,
    },
    removedAt: null,
  }));
  const configured = [...categories, ...types];
  const kept = new Set(configured.map((row) => row.id));
  return { configured, removed: live.filter((row) => !kept.has(row.id)).map((row) => row.id) };
}

/**
 * The catalog of a configuration and its member rows: configured members in configuration order (a name
 * without a row yet is left out: nothing can have posted to it), then removed ones.
 */
export function catalogOf(financials: Financials, rows: readonly MemberRow[]): FinancialCatalog {
  const liveRow = (member: MemberKind, name: string) =>
    rows.find((row) => row.member === member && row.name === name && row.removedAt === null);
  const removed = (member: MemberKind) => rows.filter((row) => row.member === member && row.removedAt !== null);

  const categories: CatalogCategory[] = financials.categories.flatMap((c) => {
    const row = liveRow("category", c.name);
    if (!row) return [];
    const { kind, expectedDirection, deprecatedAt } = c;
    return [{ id: row.id, name: c.name, kind, expectedDirection, deprecatedAt, removedAt: null }];
  });
  for (const row of removed("category")) {
    categories.push({ id: row.id, name: row.name, ...(row.settings as CategorySettings), removedAt: row.removedAt });
  }
  const categoryId = (name: string | null) =>
    name === null ? null : (categories.find((c) => c.name === name)?.id ?? null);
  const lineItemTypes: CatalogLineItemType[] = financials.policyFinancials.lineItemTypes.flatMap((t) => {
    const row = liveRow("lineItemType", t.name);
    if (!row) return [];
    const { direction, lifecycle, allowedOn, category, pricingKind } = t;
    const categoryIdOf = categoryId(category);
    return [
      {
        id: row.id,
        name: t.name,
        direction,
        lifecycle,
        allowedOn,
        category,
        categoryId: categoryIdOf,
        pricingKind,
        removedAt: null,
      },
    ];
  });
  for (const row of removed("lineItemType")) {
    lineItemTypes.push({
      id: row.id,
      name: row.name,
      ...(row.settings as LineItemTypeSettings),
      removedAt: row.removedAt,
    });
  }
  const invoiceTypes: CatalogInvoiceType[] = financials.policyFinancials.invoiceTypes.map((t) => ({
    name: t.name,
    appliesTo: t.appliesTo as InvoiceEntityType[],
    payeeDefaults: t.payeeDefaults
      ? {
          expression: t.payeeDefaults.expression,
          allowedEntityTypes: t.payeeDefaults.allowedEntityTypes as PayeeEntityType[],
        }
      : null,
  }));
  return { categories, lineItemTypes, invoiceTypes };
}
