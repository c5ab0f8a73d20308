import type { SubField, TypeInfo } from "./document";
import { type FieldKind, isFieldKind, LEGACY_KIND_NAMES } from "./field-kinds";
import { type FieldInput, FieldInputSchema } from "./input-schema";
import { IssueList, type Path } from "./issues";

/** Which type arguments each kind takes, and which of them are required. */
const KIND_ARGUMENTS: Partial<Record<FieldKind, { allowed: string[]; required: string[] }>> = {
  Select: { allowed: ["optionSet"], required: ["optionSet"] },
  MultiSelect: { allowed: ["optionSet"], required: ["optionSet"] },
  Group: { allowed: ["subFields"], required: ["subFields"] },
  Sequence: { allowed: ["prefix", "padding"], required: [] },
  Calculated: { allowed: ["expression", "repeatable"], required: ["expression"] },
  String: { allowed: ["maxLength"], required: [] },
};

/** The most characters any String value may have (CONTRACT 8.3); a field's `maxLength` may say less. */
export const MAX_TEXT_LENGTH = 10_000;

/**
 * A Sequence's prefix and padding (CONTRACT 8.3): its values, prefix then counter, stay within 200 characters
 * (100 + at most 20 digits), the length of an identifier a request may send back, such as a policy number filter.
 */
export const MAX_SEQUENCE_PREFIX = 100;
export const MAX_SEQUENCE_PADDING = 20;

const REFERENCE_ID = /^[A-Za-z][A-Za-z0-9_]*$/;
const KEBAB_CASE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

interface RawType {
  kind: string;
  args: Record<string, unknown>;
}

function fromTypeInfo(typeInfo: NonNullable<FieldInput["typeInfo"]>): RawType {
  const { kind, ...args } = typeInfo;
  return { kind, args };
}

function fromLegacy(field: FieldInput, type: string, path: Path, issues: IssueList): RawType | null {
  let args: Record<string, unknown> = {};
  if (field.typeArgs !== undefined && field.typeArgs.trim() !== "") {
    try {
      const parsed: unknown = JSON.parse(field.typeArgs);
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
      args = parsed as Record<string, unknown>;
    } catch {
      issues.error([...path, "typeArgs"], `Field "${field.referenceId}": typeArgs must be a JSON object string`, {
        code: "invalid-type-args",
      });
      return null;
    }
  }
  return { kind: LEGACY_KIND_NAMES[type] ?? type, args };
}

/** Resolves a field's type from `typeInfo`, legacy `type`/`typeArgs`, or both (which must agree). */
function resolveType(field: FieldInput, path: Path, issues: IssueList, depth: number): TypeInfo | null {
  const declared = field.typeInfo ? fromTypeInfo(field.typeInfo) : null;
  const legacy = field.type !== undefined ? fromLegacy(field, field.type, path, issues) : null;
  if (field.type === undefined && field.typeArgs !== undefined) {
    issues.error([...path, "typeArgs"], `Field "${field.referenceId}": typeArgs needs type`, {
      code: "invalid-type-args",
    });
    return null;
  }
  const first = declared ?? legacy;
  if (!first) {
    if (field.type === undefined)
      issues.error([...path, "typeInfo"], `Field "${field.referenceId}" has no type`, { code: "missing-type" });
    return null;
  }
  const typeInfo = canonicalType(first, field.referenceId, [...path, declared ? "typeInfo" : "type"], issues, depth);
  if (declared && legacy && typeInfo) {
    const other = canonicalType(legacy, field.referenceId, [...path, "type"], new IssueList(), depth);
    if (!other || JSON.stringify(other) !== JSON.stringify(typeInfo)) {
      issues.error([...path, "typeInfo"], `Field "${field.referenceId}": typeInfo and type/typeArgs disagree`, {
        code: "type-declaration-mismatch",
      });
      return null;
    }
  }
  return typeInfo;
}

function canonicalType(
  raw: RawType,
  referenceId: string,
  path: Path,
  issues: IssueList,
  depth: number,
): TypeInfo | null {
  if (!isFieldKind(raw.kind)) {
    issues.error([...path, "kind"], `Field "${referenceId}" has unknown type "${raw.kind}"`, {
      code: "unknown-field-kind",
    });
    return null;
  }
  const kind = raw.kind;
  const rules = KIND_ARGUMENTS[kind] ?? { allowed: [], required: [] };
  let ok = true;
  for (const name of Object.keys(raw.args)) {
    if (!rules.allowed.includes(name)) {
      issues.error([...path, name], `Field "${referenceId}": type ${kind} takes no argument "${name}"`, {
        code: "unknown-type-argument",
      });
      ok = false;
    }
  }
  for (const name of rules.required) {
    if (raw.args[name] === undefined) {
      issues.error([...path, name], `Field "${referenceId}": type ${kind} needs "${name}"`, {
        code: "missing-type-argument",
      });
      ok = false;
    }
  }
  if (!ok) return null;
  const args = raw.args;
  switch (kind) {
    case "Select":
    case "MultiSelect":
      if (typeof args.optionSet !== "string" || !args.optionSet) {
        issues.error([...path, "optionSet"], `Field "${referenceId}": optionSet must be an option set key`, {
          code: "invalid-type-argument",
        });
        return null;
      }
      return { kind, optionSet: args.optionSet };
    case "Group": {
      if (!Array.isArray(args.subFields)) {
        issues.error([...path, "subFields"], `Field "${referenceId}": subFields must be a list`, {
          code: "invalid-type-argument",
        });
        return null;
      }
      const subFields = normalizeSubFields(args.subFields, [...path, "subFields"], issues, depth + 1);
      return subFields && !sequenceInGroup(referenceId, subFields, [...path, "subFields"], issues)
        ? { kind, subFields }
        : null;
    }
    case "Sequence": {
      const prefix = args.prefix ?? "";
      const padding = args.padding ?? 0;
      if (
        typeof prefix !== "string" ||
        prefix.length > MAX_SEQUENCE_PREFIX ||
        typeof padding !== "number" ||
        !Number.isInteger(padding) ||
        padding < 0 ||
        padding > MAX_SEQUENCE_PADDING
      ) {
        issues.error(
          path,
          `Field "${referenceId}": Sequence takes a prefix of at most ${MAX_SEQUENCE_PREFIX} characters and a ` +
            `padding from 0 to ${MAX_SEQUENCE_PADDING}`,
          { code: "invalid-type-argument" },
        );
        return null;
      }
      return { kind, prefix, padding };
    }
    case "String": {
      if (args.maxLength === undefined) return { kind };
      const max = args.maxLength;
      if (typeof max !== "number" || !Number.isInteger(max) || max < 1 || max > MAX_TEXT_LENGTH) {
        issues.error(
          [...path, "maxLength"],
          `Field "${referenceId}": maxLength must be a whole number from 1 to 10,000`,
          {
            code: "invalid-type-argument",
          },
        );
        return null;
      }
      return { kind, maxLength: max };
    }
    case "Calculated": {
      const repeatable = args.repeatable ?? false;
      if (typeof args.expression !== "string" || !args.expression || typeof repeatable !== "boolean") {
        issues.error(path, `Field "${referenceId}": Calculated takes an expression and a boolean repeatable`, {
          code: "invalid-type-argument",
        });
        return null;
      }
      return { kind, expression: args.expression, repeatable };
    }
    default:
      return { kind };
  }
}

/** A field definition's members without `entityType`, with defaults filled in. */
export function normalizeField(
  raw: unknown,
  path: Path,
  issues: IssueList,
  depth = 0,
): (SubField & { entityType?: FieldInput["entityType"] }) | null {
  const parsed = FieldInputSchema.safeParse(raw);
  if (!parsed.success) {
    issues.zod(path, parsed.error);
    return null;
  }
  const field = parsed.data;
  let ok = true;
  if (!REFERENCE_ID.test(field.referenceId)) {
    issues.error(
      [...path, "referenceId"],
      `"${field.referenceId}" is not a valid referenceId (letters, digits and _; starting with a letter)`,
      { code: "invalid-reference-id" },
    );
    ok = false;
  }
  if (typeof field.writePermission === "string" && !KEBAB_CASE.test(field.writePermission)) {
    issues.error([...path, "writePermission"], `Field "${field.referenceId}": writePermission must be kebab-case`, {
      code: "invalid-write-permission",
      expected: "kebab-case",
    });
    ok = false;
  }
  if (depth > 4) {
    issues.error(path, `Field "${field.referenceId}": groups nest at most 5 deep`, { code: "group-too-deep" });
    return null;
  }
  const typeInfo = resolveType(field, path, issues, depth);
  if (!typeInfo || !ok) return null;
  if (field.generatedAt && typeInfo.kind !== "Sequence") {
    issues.error(
      [...path, "generatedAt"],
      `Field "${field.referenceId}": generatedAt applies only to Sequence fields`,
      { code: "invalid-generated-at" },
    );
    return null;
  }
  return {
    ...(field.entityType ? { entityType: field.entityType } : {}),
    referenceId: field.referenceId,
    label: field.label,
    description: field.description ?? null,
    typeInfo,
    required: field.required ?? false,
    // Calculated fields are always read-only; Sequence fields are platform-generated.
    readOnly: typeInfo.kind === "Calculated" ? true : (field.readOnly ?? false),
    writePermission: field.writePermission ?? null,
    computedDefault: field.computedDefault ?? null,
    generatedAt: typeInfo.kind === "Sequence" ? (field.generatedAt ?? "create") : null,
  };
}

/**
 * A Group's entries are written whole as a list and have no identity of their own to number, so a Sequence
 * sub-field is refused (a custom object's may be one: each record is numbered).
 */
function sequenceInGroup(referenceId: string, subFields: readonly SubField[], path: Path, issues: IssueList): boolean {
  const index = subFields.findIndex((f) => f.typeInfo.kind === "Sequence");
  const sub = subFields[index];
  if (!sub) return false;
  issues.error(
    [...path, index],
    `Field "${referenceId}": sub-field "${sub.referenceId}" cannot be a Sequence; a Group's entries are not numbered`,
    { code: "sequence-in-group" },
  );
  return true;
}

/** Sub-fields of a group or custom object: field definitions without `entityType`. */
export function normalizeSubFields(raw: unknown[], path: Path, issues: IssueList, depth = 0): SubField[] | null {
  const out: SubField[] = [];
  let ok = true;
  raw.forEach((item, index) => {
    if (item && typeof item === "object" && "entityType" in item) {
      issues.error([...path, index, "entityType"], "Sub-fields do not take an entityType", { code: "unknown-member" });
      ok = false;
      return;
    }
    const field = normalizeField(item, [...path, index], issues, depth);
    if (field) out.push(field);
    else ok = false;
  });
  return ok ? out : null;
}
