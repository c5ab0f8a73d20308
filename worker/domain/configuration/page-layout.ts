import type { CardDefinition, CardSection, ConfigurationDocument, FieldLocation, SubField } from "./document";
import type { ConfigurableEntityType, FieldKind } from "./field-kinds";
import { platformField } from "./platform-field-schemas";

/**
 * A page's layout (interface, `GET P/pages/{pageKey}/layout`): its cards as a tree, each with its sections
 * and field placements, everything in `order`. Display and required conditions are returned as written;
 * nothing here evaluates them.
 */

export interface FieldPlacement {
  referenceId: string;
  label: string;
  fieldType: FieldKind;
  order: number;
  renderingArguments: Record<string, unknown>;
  displayCondition: string | null;
  requiredCondition: string | null;
}

export interface SectionLayout {
  key: string;
  title: string;
  order: number;
  displayCondition: string | null;
  fields: FieldPlacement[];
}

export interface CardLayout {
  key: string;
  title: string;
  order: number;
  renderingArguments: Record<string, unknown>;
  displayCondition: string | null;
  sections: SectionLayout[];
  /** Placements outside any section. */
  fields: FieldPlacement[];
  /** Cards nested in this one. */
  cards: CardLayout[];
}

export interface PageLayout {
  pageKey: string;
  entityType: ConfigurableEntityType;
  cards: CardLayout[];
}

/** Stable sort by `order`; ties keep document order. */
const byOrder = <T extends { order: number }>(items: readonly T[]): T[] => [...items].sort((a, b) => a.order - b.order);

/** Items grouped by a key, each group in document order. */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function placementOf(location: FieldLocation, field: SubField | null): FieldPlacement {
  return {
    referenceId: location.referenceId,
    label: field?.label ?? location.referenceId,
    fieldType: field?.typeInfo.kind ?? "String",
    order: location.order,
    renderingArguments: location.renderingArguments,
    displayCondition: location.displayCondition,
    requiredCondition: location.requiredCondition,
  };
}

/**
 * The page's cards with their sections and placements, each list grouped once up front, so building the
 * tree is linear in the configuration (filtering every list per card made nested cards quadratic).
 */
class PageTree {
  private readonly childCards: Map<string, CardDefinition[]>;
  private readonly sectionsOf: Map<string, CardSection[]>;
  private readonly placementsOf: Map<string, FieldLocation[]>;
  private readonly fields: Map<string, SubField>;
  /** Cards already placed: a parent cycle (refused on import) cannot make the walk go round. */
  private readonly placed = new Set<string>();

  constructor(
    document: ConfigurationDocument,
    private readonly entityType: ConfigurableEntityType,
    cards: readonly CardDefinition[],
  ) {
    this.childCards = groupBy(cards, (card) => JSON.stringify(card.parentCardKey));
    this.sectionsOf = groupBy(document.cardSections, (section) => section.cardKey);
    this.placementsOf = groupBy(document.fieldLocations, (l) => JSON.stringify([l.cardKey, l.sectionKey]));
    this.fields = new Map(
      document.fieldDefinitions.filter((f) => f.entityType === entityType).map((f) => [f.referenceId, f]),
    );
  }

  /** Cards whose parent is `parentKey` (null: the page's top-level cards), as trees. */
  cardsUnder(parentKey: string | null): CardLayout[] {
    const children = (this.childCards.get(JSON.stringify(parentKey)) ?? []).filter((c) => !this.placed.has(c.key));
    for (const card of children) this.placed.add(card.key);
    return byOrder(children).map((card) => this.card(card));
  }

  /** The definition a placement shows: the configured field, else the platform's. */
  private placedField(referenceId: string): SubField | null {
    return this.fields.get(referenceId) ?? platformField(this.entityType, referenceId)?.definition ?? null;
  }

  private card(card: CardDefinition): CardLayout {
    const sections = this.sectionsOf.get(card.key) ?? [];
    return {
      key: card.key,
      title: card.title,
      order: card.order,
      renderingArguments: card.renderingArguments,
      displayCondition: card.displayCondition,
      sections: byOrder(sections).map((section) => this.section(section)),
      fields: this.placements(card.key, null),
      cards: this.cardsUnder(card.key),
    };
  }

  private section(section: CardSection): SectionLayout {
    return {
      key: section.key,
      title: section.title,
      order: section.order,
      displayCondition: section.displayCondition,
      fields: this.placements(section.cardKey, section.key),
    };
  }

  private placements(cardKey: string, sectionKey: string | null): FieldPlacement[] {
    const locations = this.placementsOf.get(JSON.stringify([cardKey, sectionKey])) ?? [];
    return byOrder(locations).map((location) => placementOf(location, this.placedField(location.referenceId)));
  }
}

/** The layout of `pageKey`, or null when no card is on that page. */
export function pageLayout(document: ConfigurationDocument, pageKey: string): PageLayout | null {
  const cards = document.cardDefinitions.filter((card) => card.pageKey === pageKey);
  const first = cards[0];
  if (!first) return null;
  return {
    pageKey,
    entityType: first.entityType,
    cards: new PageTree(document, first.entityType, cards).cardsUnder(null),
  };
}
