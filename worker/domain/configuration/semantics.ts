import { workflowStageProblems } from "../rating/stages";
import { platformRelationship } from "../relationships/ends";
import type { ConfigurationDocument, SubField } from "./document";
import { checkExpressions } from "./expression-rules";
import { RELATIONSHIP_ENTITY_NAMES } from "./field-kinds";
import { type IssueList, type Path, uniqueBy } from "./issues";
import { checkPages } from "./page-rules";

const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const KEY = /^[A-Za-z][A-Za-z0-9_.-]*$/;

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

/**
 * Each stage of the workflows an input gives fits its type's shape (CONTRACT 5.4), else an error issue
 * `invalid-rating-stage`. Only given workflows are checked: a stored one this check would now refuse is
 * kept and exported (rating with it answers 422), and does not block imports of other members.
 */
export function checkRatingStages(doc: ConfigurationDocument, issues: IssueList) {
  doc.ratingWorkflows.forEach((workflow, index) => {
    for (const problem of workflowStageProblems(workflow))
      issues.error(
        ["ratingWorkflows", index, "stages", problem.index, ...problem.path],
        `Stage ${problem.index} of rating workflow "${workflow.name}": ` +
          [problem.path.join("."), problem.message].filter(Boolean).join(" "),
        { code: "invalid-rating-stage" },
      );
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
      if (!Object.hasOwn(RELATIONSHIP_ENTITY_NAMES, name) && !customObjectKeys.has(name)) {
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
  const categoryDirections = new Map(categories.map((c) => [c.name, c.expectedDirection]));
  policyFinancials.lineItemTypes.forEach((type, index) => {
    const typePath = [...base, "policyFinancials", "lineItemTypes", index];
    const expected = type.category === null ? undefined : categoryDirections.get(type.category);
    if (type.category !== null && expected === undefined) {
      issues.error(
        [...typePath, "category"],
        `Line item type "${type.name}" names unknown category "${type.category}"`,
        {
          code: "unknown-category",
        },
      );
    } else if (expected !== undefined && expected !== type.direction) {
      issues.error(
        [...typePath, "direction"],
        `Line item type "${type.name}" is ${type.direction} but its category "${type.category}" expects ${expected}`,
        { code: "direction-mismatch", expected },
      );
    }
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

/** Names of financial members that journal entries use (accounts exist for them). */
export interface FinancialUsage {
  categories: ReadonlySet<string>;
  lineItemTypes: ReadonlySet<string>;
}

export const NO_FINANCIAL_USAGE: FinancialUsage = { categories: new Set(), lineItemTypes: new Set() };

/**
 * A category's kind and expected direction, and a line item type's category and pricing kind, never change
 * once journal entries use them (CONTRACT section 7.2, issue code `immutable-financial-member`).
 */
export function checkImmutableFinancialMembers(
  stored: ConfigurationDocument,
  next: ConfigurationDocument,
  usage: FinancialUsage,
  issues: IssueList,
) {
  const refuse = (path: Array<string | number>, what: string, was: unknown, now: unknown) =>
    issues.error(path, `${what} cannot change from ${String(was)} to ${String(now)}: journal entries use it`, {
      code: "immutable-financial-member",
      expected: String(was),
    });
  const categoriesBefore = new Map(stored.financials.categories.map((c) => [c.name, c]));
  next.financials.categories.forEach((category, index) => {
    const was = categoriesBefore.get(category.name);
    if (!was || !usage.categories.has(category.name)) return;
    const path = ["financials", "categories", index];
    if (was.kind !== category.kind)
      refuse([...path, "kind"], `The kind of category "${category.name}"`, was.kind, category.kind);
    if (was.expectedDirection !== category.expectedDirection) {
      const what = `The expected direction of category "${category.name}"`;
      refuse([...path, "expectedDirection"], what, was.expectedDirection, category.expectedDirection);
    }
  });
  const typesBefore = new Map(stored.financials.policyFinancials.lineItemTypes.map((t) => [t.name, t]));
  next.financials.policyFinancials.lineItemTypes.forEach((type, index) => {
    const was = typesBefore.get(type.name);
    if (!was || !usage.lineItemTypes.has(type.name)) return;
    const path = ["financials", "policyFinancials", "lineItemTypes", index];
    if (was.category !== type.category) {
      refuse([...path, "category"], `The category of line item type "${type.name}"`, was.category, type.category);
    }
    if (was.pricingKind !== type.pricingKind) {
      const what = `The pricing kind of line item type "${type.name}"`;
      refuse([...path, "pricingKind"], what, was.pricingKind, type.pricingKind);
    }
  });
}

/**
 * A platform-managed relationship (`previousPolicy`) may be declared only as the platform defines it. Checked
 * in the `relationships` an import gives: a stored declaration from before this rule is kept until replaced.
 */
export function checkPlatformRelationships(doc: ConfigurationDocument, issues: IssueList) {
  doc.relationships.forEach((relationship, index) => {
    const platform = platformRelationship(relationship.key);
    if (!platform || (["from", "to", "cardinality"] as const).every((m) => relationship[m] === platform[m])) return;
    const expected = `${platform.from} → ${platform.to}, ${platform.cardinality}`;
    issues.error(
      ["relationships", index],
      `Relationship "${relationship.key}" is the platform's own: it may be declared only as ${expected}`,
      { code: "platform-relationship", expected },
    );
  });
}
