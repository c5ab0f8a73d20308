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

/** The definition a placement shows: the configured field, else the platform's. */
function placedField(document: ConfigurationDocument, entityType: string, referenceId: string): SubField | null {
  const configured = document.fieldDefinitions.find(
    (field) => field.entityType === entityType && field.referenceId === referenceId,
  );
  return configured ?? platformField(entityType, referenceId)?.definition ?? null;
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

class PageTree {
  constructor(
    private readonly document: ConfigurationDocument,
    private readonly entityType: ConfigurableEntityType,
    private readonly cards: readonly CardDefinition[],
  ) {}

  /** Cards whose parent is `parentKey` (null: the page's top-level cards), as trees. */
  cardsUnder(parentKey: string | null): CardLayout[] {
    return byOrder(this.cards.filter((card) => card.parentCardKey === parentKey)).map((card) => this.card(card));
  }

  private card(card: CardDefinition): CardLayout {
    const sections = this.document.cardSections.filter((section) => section.cardKey === card.key);
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
    const locations = this.document.fieldLocations.filter(
      (location) => location.cardKey === cardKey && location.sectionKey === sectionKey,
    );
    return byOrder(locations).map((location) =>
      placementOf(location, placedField(this.document, this.entityType, location.referenceId)),
    );
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
