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
