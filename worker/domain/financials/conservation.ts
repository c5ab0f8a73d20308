import type { CatalogLineItemType, PricingKind } from "./catalog";
import type { Direction } from "./ledger";

/**
 * Conservation of a policy's invoices against its pricing (CONTRACT section 7.7): for each of the five
 * kinds, what the policy's active invoices bill must equal what its versions wrote. Lines of types with
 * `pricingKind` null or `Other` are free.
 */

export const CONSERVED_KINDS = ["Premium", "Taxes", "Fees", "BrokerCommission", "ProgramCommission"] as const;
export type ConservedKind = (typeof CONSERVED_KINDS)[number];
export type KindAmounts = Record<ConservedKind, number>;

/** Premium, taxes and fees are owed by the insured; commissions are owed to the broker and the program. */
export const NATURAL_DIRECTION: Record<ConservedKind, Direction> = {
  Premium: "receivable",
  Taxes: "receivable",
  Fees: "receivable",
  BrokerCommission: "payable",
  ProgramCommission: "payable",
};

export const isConservedKind = (kind: PricingKind | null): kind is ConservedKind =>
  kind !== null && (CONSERVED_KINDS as readonly string[]).includes(kind);

export const zeroAmounts = (): KindAmounts => ({
  Premium: 0,
  Taxes: 0,
  Fees: 0,
  BrokerCommission: 0,
  ProgramCommission: 0,
});

type TypeOf = (lineItemTypeId: string) => Pick<CatalogLineItemType, "direction" | "pricingKind"> | undefined;

/** billed(K): lines of kind K on active invoices, + in K's natural direction and - otherwise. */
export function billedByKind(
  invoices: ReadonlyArray<{ lines: ReadonlyArray<{ lineItemTypeId: string; amountCents: number }> }>,
  typeOf: TypeOf,
): KindAmounts {
  const billed = zeroAmounts();
  for (const invoice of invoices) {
    for (const line of invoice.lines) {
      const type = typeOf(line.lineItemTypeId);
      if (!type || !isConservedKind(type.pricingKind)) continue;
      const sign = type.direction === NATURAL_DIRECTION[type.pricingKind] ? 1 : -1;
      billed[type.pricingKind] += sign * line.amountCents;
    }
  }
  return billed;
}

export interface ConservationGap {
  kind: ConservedKind;
  billedCents: number;
  pricedCents: number;
}

/** The kinds whose billed amount differs from the priced one (none: the policy conserves). */
export function conservationGaps(billed: KindAmounts, priced: KindAmounts): ConservationGap[] {
  return CONSERVED_KINDS.filter((kind) => billed[kind] !== priced[kind]).map((kind) => ({
    kind,
    billedCents: billed[kind],
    pricedCents: priced[kind],
  }));
}
