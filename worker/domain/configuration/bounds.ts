import { canonicalJson } from "../../lib/json";
import { expressionProblem, referencedNames } from "../expressions/evaluate";
import type { ConfigurationDocument, SubField } from "./document";
import type { IssueList } from "./issues";

/**
 * The bounds of a configuration document (CONTRACT 8.3), so every reader of the configuration (the entity
 * configuration read, every write's checks, validation) costs at most linear work in what a caller
 * controls. Each refusal is 400 `InvalidConfiguration` with an issue code naming the bound.
 */
export const CONFIGURATION_BOUNDS = {
  /** Field definitions anywhere: top level, Group sub-fields, custom object sub-fields. */
  fieldDefinitions: 2_000,
  optionSets: 200,
  optionsPerSet: 10_000,
  /**
   * Option values all Select and MultiSelect fields list together (a field lists its set's values in the
   * entity configuration read): 20,000 fields sharing one large set would otherwise read as 200 million.
   */
  selectOptionValues: 200_000,
  cards: 1_000,
  /** Calculated fields reading calculated fields: the longest chain of one record's fields. */
  calculatedChain: 16,
  /** The canonical document as stored (a D1 row holds at most 1 MB). */
  documentBytes: 900_000,
} as const;

const format = (n: number) => n.toLocaleString("en-US");

/** Every field of a list and, through Groups, their sub-fields. */
function* allFields(fields: readonly SubField[]): Generator<SubField> {
  for (const field of fields) {
    yield field;
    if (field.typeInfo.subFields) yield* allFields(field.typeInfo.subFields);
  }
}

function* documentFields(doc: ConfigurationDocument): Generator<SubField> {
  yield* allFields(doc.fieldDefinitions);
  for (const object of doc.customObjects) yield* allFields(object.subFields);
}

/**
 * The counts a document may hold. True when it is within them; otherwise each bound passed is an error
 * and nothing more is checked (the cross-member rules would cost more than the bounds allow).
 */
export function checkCounts(doc: ConfigurationDocument, issues: IssueList): boolean {
  const before = issues.hasErrors;
  let fields = 0;
  let selectValues = 0;
  const setSizes = new Map(doc.optionSets.map((set) => [set.key, set.options.length]));
  for (const field of documentFields(doc)) {
    fields++;
    if (field.typeInfo.optionSet !== undefined) selectValues += setSizes.get(field.typeInfo.optionSet) ?? 0;
  }
  const over = (count: number, bound: number, path: string[], what: string, code: string) => {
    if (count > bound)
      issues.error(path, `The document has ${format(count)} ${what}; at most ${format(bound)} are allowed`, {
        code,
        expected: `at most ${format(bound)}`,
      });
  };
  const bounds = CONFIGURATION_BOUNDS;
  over(fields, bounds.fieldDefinitions, ["fieldDefinitions"], "field definitions", "too-many-field-definitions");
  over(doc.optionSets.length, bounds.optionSets, ["optionSets"], "option sets", "too-many-option-sets");
  doc.optionSets.forEach((set, index) => {
    if (set.options.length > bounds.optionsPerSet)
      issues.error(
        ["optionSets", index, "options"],
        `Option set "${set.key}" has ${format(set.options.length)} options; at most ${format(bounds.optionsPerSet)} are allowed`,
        { code: "too-many-options", expected: `at most ${format(bounds.optionsPerSet)}` },
      );
  });
  over(
    selectValues,
    bounds.selectOptionValues,
    ["fieldDefinitions"],
    "option values listed by Select and MultiSelect fields (each field counts its set's options)",
    "too-many-select-options",
  );
  over(doc.cardDefinitions.length, bounds.cards, ["cardDefinitions"], "cards", "too-many-cards");
  return before || !issues.hasErrors;
}

/**
 * Chains of calculated fields (a calculated field reading another, and so on) are at most 16 long, so a
 * save evaluates a bounded number of expressions in sequence, each bounded in turn (CONTRACT 8.3). One
 * memoized walk per record scope: linear in the fields and their references.
 */
export function checkCalculatedChains(doc: ConfigurationDocument, issues: IssueList) {
  const report = (fields: ReadonlyArray<{ field: SubField; path: Array<string | number> }>) => {
    const longest = longestChains(fields.map(({ field }) => field));
    for (const { field, path } of fields) {
      const length = longest.get(field.referenceId) ?? 0;
      if (length <= CONFIGURATION_BOUNDS.calculatedChain) continue;
      issues.error(
        [...path, "typeInfo", "expression"],
        `Field "${field.referenceId}" is calculated through a chain of ${length} calculated fields; at most ` +
          `${CONFIGURATION_BOUNDS.calculatedChain} are allowed`,
        { code: "calculated-chain-too-long", expected: `at most ${CONFIGURATION_BOUNDS.calculatedChain}` },
      );
    }
  };
  const byEntity = new Map<string, Array<{ field: SubField; path: Array<string | number> }>>();
  doc.fieldDefinitions.forEach((field, index) => {
    const fields = byEntity.get(field.entityType) ?? [];
    fields.push({ field, path: ["fieldDefinitions", index] });
    byEntity.set(field.entityType, fields);
  });
  for (const fields of byEntity.values()) report(fields);
  doc.customObjects.forEach((object, objectIndex) => {
    report(
      object.subFields.map((field, index) => ({ field, path: ["customObjects", objectIndex, "subFields", index] })),
    );
  });
}

/** For each calculated field, the length of the longest chain of calculated fields ending in it. */
function longestChains(fields: readonly SubField[]): Map<string, number> {
  const calculated = new Map(
    fields.filter((f) => f.typeInfo.kind === "Calculated").map((field) => [field.referenceId, field]),
  );
  const lengths = new Map<string, number>();
  const visiting = new Set<string>();
  const lengthOf = (field: SubField): number => {
    const known = lengths.get(field.referenceId);
    if (known !== undefined) return known;
    // A cycle is not a chain: its fields evaluate in declaration order (see `inDependencyOrder`).
    if (visiting.has(field.referenceId)) return 0;
    visiting.add(field.referenceId);
    const source = field.typeInfo.expression ?? "";
    const reads = source && !expressionProblem(source) ? referencedNames(source) : [];
    let longest = 0;
    for (const name of reads) {
      const dependency = calculated.get(name);
      if (dependency && dependency !== field) longest = Math.max(longest, lengthOf(dependency));
    }
    visiting.delete(field.referenceId);
    lengths.set(field.referenceId, longest + 1);
    return longest + 1;
  };
  for (const field of calculated.values()) lengthOf(field);
  return lengths;
}

/** The canonical document must fit one stored row: at most 900,000 bytes (CONTRACT 8.3, `document-too-large`). */
export function checkDocumentSize(doc: ConfigurationDocument, issues: IssueList) {
  const bytes = new TextEncoder().encode(canonicalJson(doc)).length;
  if (bytes > CONFIGURATION_BOUNDS.documentBytes)
    issues.error(
      [],
      `The configuration is ${format(bytes)} bytes in canonical form; at most ` +
        `${format(CONFIGURATION_BOUNDS.documentBytes)} can be stored`,
      { code: "document-too-large", expected: `at most ${format(CONFIGURATION_BOUNDS.documentBytes)} bytes` },
    );
}
