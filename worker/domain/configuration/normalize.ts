import type { z } from "zod";
import { humanLabel } from "../issue-messages";
import { withoutUnusedMembers } from "../rating/stages";
import type { ConfigurationDocument, FieldDefinition } from "./document";
import { normalizeField, normalizeSubFields } from "./field-types";
import {
  CardDefinitionInputSchema,
  CardSectionInputSchema,
  CustomObjectInputSchema,
  FieldLocationInputSchema,
  FinancialsInputSchema,
  FolderCategoriesInputSchema,
  OptionSetInputSchema,
  RatingWorkflowInputSchema,
  RelationshipInputSchema,
} from "./input-schema";
import { IssueList, type Path } from "./issues";

/** Members that travel with a document but are not configuration: accepted and set aside. */
const ENVELOPE_MEMBERS = new Set(["contentHash", "expectedContentHash", "batchId"]);
/** The pre-unified format's members (interface, Configuration facts). */
const LEGACY_FORMAT_MEMBERS = ["objectTypes", "objects", "optionSetTypes"];

export interface NormalizedInput {
  /** The stored document with every member the input gave replaced; null when the input has errors. */
  document: ConfigurationDocument | null;
  issues: IssueList;
  /** Top-level members the input gave. */
  given: Set<keyof ConfigurationDocument>;
}

function isList(raw: unknown, path: Path, issues: IssueList): raw is unknown[] {
  if (Array.isArray(raw)) return true;
  issues.error(path, `${humanLabel(path)} must be a list`, { code: "invalid_type", expected: "array" });
  return false;
}

function listOf<T extends z.ZodType>(raw: unknown, path: Path, schema: T, issues: IssueList): Array<z.infer<T>> | null {
  if (!isList(raw, path, issues)) return null;
  const out: Array<z.infer<T>> = [];
  let ok = true;
  raw.forEach((item, index) => {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
    else {
      issues.zod([...path, index], parsed.error);
      ok = false;
    }
  });
  return ok ? out : null;
}

type MemberReader = (raw: unknown, path: Path, issues: IssueList) => unknown;

/** How each top-level member is read from input into its canonical form (null on error). */
const MEMBER_READERS: Record<Exclude<keyof ConfigurationDocument, "documentVersion">, MemberReader> = {
  fieldDefinitions: (raw, path, issues) => {
    if (!isList(raw, path, issues)) return null;
    const fields: FieldDefinition[] = [];
    let ok = true;
    raw.forEach((item, index) => {
      const field = normalizeField(item, [...path, index], issues);
      if (!field) ok = false;
      else if (!field.entityType) {
        issues.error([...path, index, "entityType"], `Field "${field.referenceId}" needs an entityType`, {
          code: "invalid_type",
        });
        ok = false;
      } else fields.push({ entityType: field.entityType, ...field });
    });
    return ok ? fields : null;
  },
  optionSets: (raw, path, issues) => listOf(raw, path, OptionSetInputSchema, issues),
  customObjects: (raw, path, issues) => {
    const rows = listOf(raw, path, CustomObjectInputSchema, issues);
    if (!rows) return null;
    let ok = true;
    const objects = rows.map((row, index) => {
      const subFields = normalizeSubFields(row.subFields, [...path, index, "subFields"], issues);
      if (!subFields) ok = false;
      return { ...row, displayNameExpression: row.displayNameExpression ?? null, subFields: subFields ?? [] };
    });
    return ok ? objects : null;
  },
  relationships: (raw, path, issues) => listOf(raw, path, RelationshipInputSchema, issues),
  cardDefinitions: (raw, path, issues) => listOf(raw, path, CardDefinitionInputSchema, issues),
  cardSections: (raw, path, issues) => listOf(raw, path, CardSectionInputSchema, issues),
  fieldLocations: (raw, path, issues) => listOf(raw, path, FieldLocationInputSchema, issues),
  folderCategories: (raw, path, issues) => {
    const parsed = FolderCategoriesInputSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    issues.zod(path, parsed.error);
    return null;
  },
  ratingWorkflows: (raw, path, issues) => {
    const workflows = listOf(raw, path, RatingWorkflowInputSchema, issues);
    // A member a stage's type does not use is ignored (CONTRACT 5.4): dropped, never stored or exported.
    return workflows?.map((workflow) => ({ ...workflow, stages: workflow.stages.map(withoutUnusedMembers) })) ?? null;
  },
  financials: (raw, path, issues) => {
    if (raw && typeof raw === "object" && "documentVersion" in raw && raw.documentVersion !== 2) {
      issues.error(
        [...path, "documentVersion"],
        `Financials configuration documentVersion ${String(raw.documentVersion)} is not supported; ` +
          "use documentVersion 2",
        {
          code: "unsupported-version",
          expected: "2",
        },
      );
      return null;
    }
    const parsed = FinancialsInputSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    issues.zod(path, parsed.error);
    return null;
  },
};

/**
 * Reads an input document into canonical form on top of `stored`: a member the input omits keeps its
 * stored value; a member it gives replaces it whole.
 */
export function normalizeInput(input: unknown, stored: ConfigurationDocument): NormalizedInput {
  const issues = new IssueList();
  const given = new Set<keyof ConfigurationDocument>();
  if (!input || typeof input !== "object" || Array.isArray(input)) {
    issues.error([], "The configuration document must be a JSON object", { code: "invalid_type", expected: "object" });
    return { document: null, issues, given };
  }
  const raw = input as Record<string, unknown>;
  const result: Record<string, unknown> = { ...stored };

  const legacy = LEGACY_FORMAT_MEMBERS.filter((m) => m in raw);
  const unified = "customObjects" in raw || "optionSets" in raw;
  for (const member of legacy) {
    issues.error(
      [member],
      unified
        ? `"${member}" cannot be mixed with customObjects and optionSets; use the unified format only`
        : `"${member}" belongs to the retired format; declare customObjects and optionSets instead`,
      { code: unified ? "mixed-configuration-formats" : "retired-configuration-format" },
    );
  }

  for (const [member, value] of Object.entries(raw)) {
    if (ENVELOPE_MEMBERS.has(member) || LEGACY_FORMAT_MEMBERS.includes(member)) continue;
    if (member === "objectPrimitives") {
      issues.warning([member], "objectPrimitives is no longer part of configuration documents and was ignored", {
        code: "ignored-member",
      });
      continue;
    }
    if (member === "documentVersion") {
      if (value !== 2)
        issues.error(
          [member],
          `Configuration documentVersion ${String(value)} is not supported; use documentVersion 2`,
          { code: "unsupported-version", expected: "2" },
        );
      continue;
    }
    const reader = MEMBER_READERS[member as keyof typeof MEMBER_READERS];
    if (!reader) {
      issues.error([member], `Unknown member "${member}"`, { code: "unknown-member" });
      continue;
    }
    given.add(member as keyof ConfigurationDocument);
    const value2 = reader(value, [member], issues);
    if (value2 !== null) result[member] = value2;
  }
  return { document: issues.hasErrors ? null : (result as ConfigurationDocument), issues, given };
}
