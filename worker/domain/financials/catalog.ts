import type { Direction } from "./ledger";

/**
 * The financials configuration as the ledger sees it (CONTRACT section 7.2): categories and line item types
 * with their service-minted ids, configured ones in configuration order, then those a forced import
 * removed (kept so their accounts still show, as deprecated, under their last name and settings).
 */

export const PRICING_KINDS = ["Premium", "Taxes", "Fees", "BrokerCommission", "ProgramCommission", "Other"] as const;
export type PricingKind = (typeof PRICING_KINDS)[number];

export const INVOICE_ENTITY_TYPES = ["event", "policy"] as const;
export type InvoiceEntityType = (typeof INVOICE_ENTITY_TYPES)[number];

export const PAYEE_ENTITY_TYPES = ["person", "organization"] as const;
export type PayeeEntityType = (typeof PAYEE_ENTITY_TYPES)[number];

export interface CatalogCategory {
  id: string;
  name: string;
  kind: "operating" | "reserved";
  expectedDirection: Direction;
  deprecatedAt: string | null;
  /** Set once a forced import removed it; its accounts then show as a deprecated category. */
  removedAt: string | null;
}

export interface CatalogLineItemType {
  id: string;
  name: string;
  direction: Direction;
  lifecycle: "active" | "deprecated";
  allowedOn: ReadonlyArray<{ invoiceType: string; label: string | null }>;
  category: string | null;
  categoryId: string | null;
  pricingKind: PricingKind | null;
  removedAt: string | null;
}

export interface CatalogInvoiceType {
  name: string;
  appliesTo: readonly InvoiceEntityType[];
  payeeDefaults: { expression: string | null; allowedEntityTypes: readonly PayeeEntityType[] } | null;
}

export interface FinancialCatalog {
  categories: readonly CatalogCategory[];
  lineItemTypes: readonly CatalogLineItemType[];
  invoiceTypes: readonly CatalogInvoiceType[];
}

export const configuredCategory = (catalog: FinancialCatalog, id: string) =>
  catalog.categories.find((c) => c.id === id && c.removedAt === null);

export const configuredLineItemType = (catalog: FinancialCatalog, id: string) =>
  catalog.lineItemTypes.find((t) => t.id === id && t.removedAt === null);

export const invoiceTypeNamed = (catalog: FinancialCatalog, name: string) =>
  catalog.invoiceTypes.find((t) => t.name === name);

/** A line's default label: the type's `allowedOn` label for the invoice type, else the type's name. */
export function defaultLabel(type: CatalogLineItemType, invoiceType: string): string {
  return type.allowedOn.find((a) => a.invoiceType === invoiceType)?.label ?? type.name;
}

/** Categories as the balances show them: a removed one reads as deprecated from the day it went. */
export function displayedCategories(catalog: FinancialCatalog) {
  return catalog.categories.map((c) => ({
    id: c.id,
    name: c.name,
    kind: c.kind,
    expectedDirection: c.expectedDirection,
    deprecatedAt: c.deprecatedAt ?? c.removedAt,
  }));
}
