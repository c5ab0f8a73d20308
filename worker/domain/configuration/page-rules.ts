import type { CardDefinition, ConfigurationDocument } from "./document";
import { type IssueList, uniqueBy } from "./issues";
import { platformFieldIds } from "./platform-fields";

/** Cards, sections and field placements: keys, nesting within one page, and what each names. */

/**
 * The cards that contain themselves through their parents, found in one pass over the parent links (each
 * card is walked once; walking up from every card made nested cards quadratic).
 */
function cardsOnCycles(cards: ReadonlyMap<string, CardDefinition>): Set<string> {
  const state = new Map<string, "walking" | "done">();
  const cyclic = new Set<string>();
  for (const start of cards.keys()) {
    const path: string[] = [];
    let key: string | null = start;
    while (key !== null && cards.has(key) && !state.has(key)) {
      state.set(key, "walking");
      path.push(key);
      key = cards.get(key)?.parentCardKey ?? null;
    }
    // Reached a card of this walk again: it and those after it on the path form a cycle.
    if (key !== null && state.get(key) === "walking")
      for (const member of path.slice(path.indexOf(key))) cyclic.add(member);
    for (const member of path) state.set(member, "done");
  }
  return cyclic;
}

export function checkPages(doc: ConfigurationDocument, issues: IssueList) {
  const cards = new Map(doc.cardDefinitions.map((card) => [card.key, card]));
  const cyclic = cardsOnCycles(cards);
  uniqueBy(doc.cardDefinitions, (c) => c.key, ["cardDefinitions"], "card", issues);
  doc.cardDefinitions.forEach((card, index) => {
    if (card.parentCardKey === null) return;
    const parent = cards.get(card.parentCardKey);
    if (!parent) {
      issues.error(
        ["cardDefinitions", index, "parentCardKey"],
        `Card "${card.key}" nests in unknown card "${card.parentCardKey}"`,
        { code: "unknown-card" },
      );
      return;
    }
    if (parent.pageKey !== card.pageKey) {
      issues.error(
        ["cardDefinitions", index, "parentCardKey"],
        `Card "${card.key}" nests in card "${parent.key}" of another page`,
        { code: "card-page-mismatch" },
      );
    }
    if (cyclic.has(card.key))
      issues.error(["cardDefinitions", index, "parentCardKey"], `Card "${card.key}" is nested inside itself`, {
        code: "card-cycle",
      });
  });
  const pageEntities = new Map<string, string>();
  doc.cardDefinitions.forEach((card, index) => {
    const entity = pageEntities.get(card.pageKey);
    if (entity && entity !== card.entityType) {
      issues.error(
        ["cardDefinitions", index, "entityType"],
        `Page "${card.pageKey}" mixes entity types ${entity} and ${card.entityType}`,
        { code: "page-entity-mismatch" },
      );
    }
    pageEntities.set(card.pageKey, entity ?? card.entityType);
  });

  const sections = new Map(doc.cardSections.map((section) => [section.key, section]));
  uniqueBy(doc.cardSections, (s) => s.key, ["cardSections"], "card section", issues);
  doc.cardSections.forEach((section, index) => {
    if (!cards.has(section.cardKey))
      issues.error(
        ["cardSections", index, "cardKey"],
        `Section "${section.key}" belongs to unknown card "${section.cardKey}"`,
        { code: "unknown-card" },
      );
  });

  uniqueBy(
    doc.fieldLocations,
    (l) => `${l.cardKey}/${l.sectionKey ?? ""}/${l.referenceId}`,
    ["fieldLocations"],
    "field placement",
    issues,
    "referenceId",
  );
  const fieldKeys = new Set(doc.fieldDefinitions.map((f) => `${f.entityType}.${f.referenceId}`));
  doc.fieldLocations.forEach((location, index) => {
    const card = cards.get(location.cardKey);
    if (!card) {
      issues.error(
        ["fieldLocations", index, "cardKey"],
        `Field placement of "${location.referenceId}" names unknown card "${location.cardKey}"`,
        { code: "unknown-card" },
      );
      return;
    }
    if (location.sectionKey !== null && sections.get(location.sectionKey)?.cardKey !== card.key) {
      issues.error(
        ["fieldLocations", index, "sectionKey"],
        `Section "${location.sectionKey}" is not a section of card "${card.key}"`,
        { code: "unknown-section" },
      );
    }
    const known =
      fieldKeys.has(`${card.entityType}.${location.referenceId}`) ||
      platformFieldIds(card.entityType).includes(location.referenceId);
    if (!known) {
      issues.error(
        ["fieldLocations", index, "referenceId"],
        `Card "${card.key}" places "${location.referenceId}", which is not a ${card.entityType} field`,
        { code: "unknown-field" },
      );
    }
  });
}
