import { expressionIssue, expressionProblem, isRepeatable, referencedNames } from "../expressions/evaluate";
import type { CardDefinition, ConfigurationDocument, SubField } from "./document";
import { RELATIONSHIP_ENTITY_NAMES } from "./field-kinds";
import type { IssueList, Path } from "./issues";
import { platformFieldIds, platformMemberIds } from "./platform-fields";

const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const KEY = /^[A-Za-z][A-Za-z0-9_.-]*$/;

/** Reports every item whose identity repeats an earlier one. */
function uniqueBy<T>(
  items: readonly T[],
  identity: (item: T) => string,
  path: Path,
  what: string,
  issues: IssueList,
  member = "key",
) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const id = identity(item);
    if (seen.has(id)) issues.error([...path, index, member], `Duplicate ${what} "${id}"`, { code: "duplicate" });
    seen.add(id);
  });
}

function checkOptionSetReferences(
  fields: readonly SubField[],
  path: Path,
  optionSets: Set<string>,
  used: Set<string>,
  issues: IssueList,
) {
  fields.forEach((field, index) => {
    const { optionSet, subFields } = field.typeInfo;
    if (optionSet !== undefined) {
      used.add(optionSet);
      if (!optionSets.has(optionSet)) {
        issues.error(
          [...path, index, "typeInfo", "optionSet"],
          `Field "${field.referenceId}" uses option set "${optionSet}", which is not declared`,
          { code: "unknown-option-set" },
        );
      }
    }
    if (subFields) {
      uniqueBy(
        subFields,
        (f) => f.referenceId,
        [...path, index, "typeInfo", "subFields"],
        "sub-field",
        issues,
        "referenceId",
      );
      checkOptionSetReferences(subFields, [...path, index, "typeInfo", "subFields"], optionSets, used, issues);
    }
  });
}

/** Rules that need the whole document: uniqueness, references between members, naming. */
export function checkSemantics(doc: ConfigurationDocument, issues: IssueList) {
  const optionSetKeys = new Set(doc.optionSets.map((s) => s.key));
  const usedOptionSets = new Set<string>();

  uniqueBy(
    doc.fieldDefinitions,
    (f) => `${f.entityType}.${f.referenceId}`,
    ["fieldDefinitions"],
    "field",
    issues,
    "referenceId",
  );
  checkOptionSetReferences(doc.fieldDefinitions, ["fieldDefinitions"], optionSetKeys, usedOptionSets, issues);

  uniqueBy(doc.optionSets, (s) => s.key, ["optionSets"], "option set", issues);
  doc.optionSets.forEach((set, index) => {
    uniqueBy(set.options, (o) => String(o.value), ["optionSets", index, "options"], "option value", issues, "value");
  });

  uniqueBy(doc.customObjects, (o) => o.key, ["customObjects"], "custom object", issues);
  doc.customObjects.forEach((object, index) => {
    if (Object.values(RELATIONSHIP_ENTITY_NAMES).includes(object.key as never)) {
      issues.error(["customObjects", index, "key"], `Custom object key "${object.key}" is the name of an entity type`, {
        code: "reserved-key",
      });
    }
    if (!SNAKE_CASE.test(object.key)) {
      issues.error(["customObjects", index, "key"], `Custom object key "${object.key}" must be snake_case`, {
        code: "invalid-key",
        expected: "snake_case",
      });
    }
    uniqueBy(
      object.subFields,
      (f) => f.referenceId,
      ["customObjects", index, "subFields"],
      "sub-field",
      issues,
      "referenceId",
    );
    checkOptionSetReferences(
      object.subFields,
      ["customObjects", index, "subFields"],
      optionSetKeys,
      usedOptionSets,
      issues,
    );
  });

  doc.optionSets.forEach((set, index) => {
    if (!usedOptionSets.has(set.key))
      issues.warning(["optionSets", index, "key"], `Option set "${set.key}" is not used by any field`, {
        code: "unused-option-set",
      });
  });

  const customObjectKeys = new Set(doc.customObjects.map((o) => o.key));
  uniqueBy(doc.relationships, (r) => r.key, ["relationships"], "relationship", issues);
  doc.relationships.forEach((relationship, index) => {
    if (!KEY.test(relationship.key))
      issues.error(["relationships", index, "key"], `Relationship key "${relationship.key}" is not a valid key`, {
        code: "invalid-key",
      });
    for (const end of ["from", "to"] as const) {
      const name = relationship[end];
      if (!(name in RELATIONSHIP_ENTITY_NAMES) && !customObjectKeys.has(name)) {
        issues.error(["relationships", index, end], `Relationship "${relationship.key}" names unknown type "${name}"`, {
          code: "unknown-entity-type",
          expected: `${Object.keys(RELATIONSHIP_ENTITY_NAMES).join(", ")} or a custom object key`,
        });
      }
    }
  });

  checkPages(doc, issues);
  checkExpressions(doc, issues);

  for (const [entityType, labels] of Object.entries(doc.folderCategories)) {
    const seen = new Set<string>();
    labels.forEach((label, index) => {
      if (seen.has(label))
        issues.error(["folderCategories", entityType, index], `Duplicate folder category "${label}"`, {
          code: "duplicate",
        });
      seen.add(label);
    });
  }

  uniqueBy(doc.ratingWorkflows, (w) => w.name, ["ratingWorkflows"], "rating workflow", issues, "name");
  doc.ratingWorkflows.forEach((workflow, index) => {
    if (workflow.stages.length === 0)
      issues.warning(["ratingWorkflows", index, "stages"], `Rating workflow "${workflow.name}" has no stages`, {
        code: "empty-workflow",
      });
  });

  checkFinancials(doc, issues);
}

/** An expression quoted in a message: whole when short, its start when long (messages stay short). */
const quoted = (source: string) => (source.length > 200 ? `${source.slice(0, 197)}...` : source);

function checkExpression(source: string | null | undefined, path: Path, issues: IssueList) {
  if (!source) return;
  const issue = expressionIssue(source);
  if (issue) issues.error(path, `Expression "${quoted(source)}" is not valid: ${issue.message}`, { code: issue.code });
}

/**
 * A field's expression may read only fields its record holds: an unknown name would evaluate to null and
 * the next save of every record would store that (issue code `unknown-reference`).
 */
function checkReferences(source: string | null | undefined, scope: ReadonlySet<string>, path: Path, issues: IssueList) {
  if (!source || expressionProblem(source)) return;
  for (const name of referencedNames(source)) {
    if (!scope.has(name))
      issues.error(path, `Expression "${source}" names unknown field "${name}"`, {
        code: "unknown-reference",
        reason: name,
      });
  }
}

function checkFieldExpressions<F extends SubField>(
  fields: readonly F[],
  path: Path,
  issues: IssueList,
  scopeOf: (field: F) => ReadonlySet<string>,
) {
  fields.forEach((field, index) => {
    const scope = scopeOf(field);
    checkExpression(field.computedDefault, [...path, index, "computedDefault"], issues);
    checkReferences(field.computedDefault, scope, [...path, index, "computedDefault"], issues);
    const { expression, repeatable, subFields } = field.typeInfo;
    checkExpression(expression, [...path, index, "typeInfo", "expression"], issues);
    checkReferences(expression, scope, [...path, index, "typeInfo", "expression"], issues);
    if (expression && repeatable && !expressionProblem(expression) && !isRepeatable(expression)) {
      issues.warning(
        [...path, index, "typeInfo", "repeatable"],
        `Field "${field.referenceId}" is marked repeatable but its expression reads the clock`,
        { code: "not-repeatable" },
      );
    }
    // A group entry's expressions see its sibling sub-fields as well as the record's own fields (a layered
    // scope: no copy of the record's names per group, which made many groups quadratic).
    if (subFields) {
      const own = new Set(subFields.map((f) => f.referenceId));
      const inner: ReadonlySet<string> = {
        has: (name: string) => own.has(name) || scope.has(name),
      } as ReadonlySet<string>;
      checkFieldExpressions(subFields, [...path, index, "typeInfo", "subFields"], issues, () => inner);
    }
  });
}

/** The names a record of each entity type holds: its configured fields and the platform's members. */
function entityScopes(doc: ConfigurationDocument): (field: { entityType: string }) => ReadonlySet<string> {
  const scopes = new Map<string, Set<string>>();
  return ({ entityType }) => {
    let scope = scopes.get(entityType);
    if (!scope) {
      const configured = doc.fieldDefinitions.filter((f) => f.entityType === entityType).map((f) => f.referenceId);
      scope = new Set([...configured, ...platformMemberIds(entityType)]);
      scopes.set(entityType, scope);
    }
    return scope;
  };
}

/**
 * Expressions must parse, call only known functions and, on fields, read only fields of their record;
 * they are evaluated on every save or rate.
 */
function checkExpressions(doc: ConfigurationDocument, issues: IssueList) {
  const scopeOfEntity = entityScopes(doc);
  checkFieldExpressions(doc.fieldDefinitions, ["fieldDefinitions"], issues, scopeOfEntity);
  doc.customObjects.forEach((object, index) => {
    const scope = new Set(object.subFields.map((f) => f.referenceId));
    checkFieldExpressions(object.subFields, ["customObjects", index, "subFields"], issues, () => scope);
  });
  doc.ratingWorkflows.forEach((workflow, index) => {
    for (const list of ["warnings", "preconditions", "billingPreconditions"] as const) {
      workflow[list].forEach((condition, at) => {
        checkExpression(condition.expression, ["ratingWorkflows", index, list, at, "expression"], issues);
      });
    }
  });
  doc.cardDefinitions.forEach((card, index) => {
    checkExpression(card.displayCondition, ["cardDefinitions", index, "displayCondition"], issues);
  });
  doc.cardSections.forEach((section, index) => {
    checkExpression(section.displayCondition, ["cardSections", index, "displayCondition"], issues);
  });
  doc.fieldLocations.forEach((location, index) => {
    checkExpression(location.displayCondition, ["fieldLocations", index, "displayCondition"], issues);
    checkExpression(location.requiredCondition, ["fieldLocations", index, "requiredCondition"], issues);
  });
}

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

function checkPages(doc: ConfigurationDocument, issues: IssueList) {
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

function checkFinancials(doc: ConfigurationDocument, issues: IssueList) {
  const base = ["financials"];
  const { categories, policyFinancials } = doc.financials;
  uniqueBy(categories, (c) => c.name, [...base, "categories"], "category", issues, "name");
  uniqueBy(
    policyFinancials.lineItemTypes,
    (t) => t.name,
    [...base, "policyFinancials", "lineItemTypes"],
    "line item type",
    issues,
    "name",
  );
  uniqueBy(
    policyFinancials.invoiceTypes,
    (t) => t.name,
    [...base, "policyFinancials", "invoiceTypes"],
    "invoice type",
    issues,
    "name",
  );
  const invoiceTypes = new Set(policyFinancials.invoiceTypes.map((t) => t.name));
  policyFinancials.lineItemTypes.forEach((type, index) => {
    type.allowedOn.forEach((allowed, at) => {
      if (!invoiceTypes.has(allowed.invoiceType)) {
        issues.error(
          [...base, "policyFinancials", "lineItemTypes", index, "allowedOn", at, "invoiceType"],
          `Line item type "${type.name}" is allowed on unknown invoice type "${allowed.invoiceType}"`,
          {
            code: "unknown-invoice-type",
          },
        );
      }
    });
  });
}

/** Line item type directions never change once created (interface, Configuration facts). */
export function checkImmutableDirections(
  stored: ConfigurationDocument,
  next: ConfigurationDocument,
  issues: IssueList,
) {
  const before = new Map(stored.financials.policyFinancials.lineItemTypes.map((t) => [t.name, t.direction]));
  next.financials.policyFinancials.lineItemTypes.forEach((type, index) => {
    const was = before.get(type.name);
    if (was && was !== type.direction) {
      issues.error(
        ["financials", "policyFinancials", "lineItemTypes", index, "direction"],
        `The direction of line item type "${type.name}" cannot change from ${was} to ${type.direction}`,
        {
          code: "immutable-direction",
          expected: was,
        },
      );
    }
  });
}
