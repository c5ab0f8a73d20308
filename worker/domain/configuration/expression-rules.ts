import { expressionIssue, expressionProblem, isRepeatable, referencedNames } from "../expressions/evaluate";
import type { ConfigurationDocument, SubField } from "./document";
import type { IssueList, Path } from "./issues";
import { platformMemberIds } from "./platform-fields";

/** The configuration's expressions: syntax, bounds (CONTRACT 8.3), known functions and known fields. */

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
export function checkExpressions(doc: ConfigurationDocument, issues: IssueList) {
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
 * The expressions outside field definitions (a custom object's display name, an invoice type's payee default),
 * checked only in the members an import gives: these checks are newer than some stored configurations, and a
 * stored member this check would now refuse is kept, so an import that leaves it alone still goes through.
 */
export function checkGivenMemberExpressions(
  doc: ConfigurationDocument,
  given: ReadonlySet<keyof ConfigurationDocument>,
  issues: IssueList,
) {
  if (given.has("customObjects"))
    doc.customObjects.forEach((object, index) => {
      checkExpression(object.displayNameExpression, ["customObjects", index, "displayNameExpression"], issues);
    });
  if (given.has("financials"))
    doc.financials.policyFinancials.invoiceTypes.forEach((type, index) => {
      const path = ["financials", "policyFinancials", "invoiceTypes", index, "payeeDefaults", "expression"];
      checkExpression(type.payeeDefaults?.expression, path, issues);
    });
}
