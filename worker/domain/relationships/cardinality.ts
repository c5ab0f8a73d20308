import type { Relationship } from "../configuration/document";

/**
 * What a cardinality limits (CONTRACT section 2, `1:1`, `1:N`, `N:1`, `N:N`), read as "from : to":
 * `1:N` lets one `from` record link many `to` records, so each `to` has at most one `from`; `N:1` is
 * the mirror (each `from` has at most one `to`, like `Policy<N:1:previousPolicy>Policy`).
 */
export interface CardinalityLimits {
  /** Each `from` record links at most one `to` record. */
  onePerFrom: boolean;
  /** Each `to` record is linked from at most one `from` record. */
  onePerTo: boolean;
}

export function cardinalityLimits(cardinality: Relationship["cardinality"]): CardinalityLimits {
  return {
    onePerFrom: cardinality === "1:1" || cardinality === "N:1",
    onePerTo: cardinality === "1:1" || cardinality === "1:N",
  };
}

/** A link the cardinality refuses: which side is already taken, and by which record. */
export interface CardinalityViolation {
  side: "from" | "to";
  /** The record whose single slot is taken (the `fromId` or `toId` sent). */
  id: string;
  /** The record it is already linked with. */
  linkedId: string;
}

export function describeViolation(relationship: Relationship, violation: CardinalityViolation) {
  const { key, cardinality, from, to } = relationship;
  const [own, other] = violation.side === "from" ? [from, to] : [to, from];
  return {
    message:
      `Relationship ${key} (${from} ${cardinality} ${to}) allows one ${other} per ${own}: ` +
      `${own} ${violation.id} is already linked to ${other} ${violation.linkedId}`,
    userMessage: `This ${own} is already linked to another ${other} through ${key}. Unlink it first.`,
    detail: {
      field: violation.side === "from" ? "fromId" : "toId",
      message: `already linked to ${violation.linkedId}`,
    },
  };
}
