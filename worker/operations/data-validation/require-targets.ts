import { requirePermissionName } from "../../domain/access/permissions";
import type { ConfigurationDocument } from "../../domain/configuration/document";
import { type ValidationTarget, validationTarget } from "../../domain/data-validation/validation-target";
import { ENTITY_TYPES } from "../../domain/entities/entity-types";
import { ApiError } from "../../errors/api-error";
import { type Actor, holds } from "../context";

const entityTypeNames = ENTITY_TYPES.join(", ");

/** The types data validation accepts, as the interface and its error messages name them. */
export const TYPE_LIST = `${entityTypeNames}, policy (any letter case), or a custom object key of the company's configuration`;

interface RequestedType {
  /** Where the type was given (`entityType`, `entityTypes[2]`), for the error's details. */
  field: string;
  entityType: string;
}

function unknownTypes(unknown: readonly RequestedType[]): ApiError {
  return new ApiError({
    code: "VALIDATION_ERROR",
    message: `${unknown.map((u) => u.field).join(", ")} must be one of ${TYPE_LIST}`,
    userMessages: unknown.map((u) => `"${u.entityType}" is not an entity type or custom object type of this company.`),
    details: unknown.map((u) => ({ field: u.field, message: `must be one of ${TYPE_LIST}` })),
  });
}

function repeatedTypes(repeated: readonly RequestedType[]): ApiError {
  return new ApiError({
    code: "VALIDATION_ERROR",
    message: `${repeated.map((r) => r.field).join(", ")} must name each type once`,
    userMessages: repeated.map((r) => `"${r.entityType}" is named more than once; name each type once.`),
    details: repeated.map((r) => ({ field: r.field, message: "names a type already listed" })),
  });
}

/** The permission that lets a key view the records of a target: `<type>.view`, `custom-object.view`. */
export const viewPermissionOf = (target: Pick<ValidationTarget, "kind" | "entityType">) =>
  requirePermissionName(target.kind === "customObject" ? "custom-object.view" : `${target.entityType}.view`);

/** `person.view`, `custom-object.view` → "person and custom object": the types in words (interface, Errors). */
function recordWords(viewPermissions: readonly string[]): string {
  const types = viewPermissions.map((permission) => permission.replace(/\.view$/, "").replaceAll("-", " "));
  return types.length > 1 ? `${types.slice(0, -1).join(", ")} and ${types.at(-1)}` : (types[0] ?? "");
}

/**
 * Data validation reads stored records and answers their ids and values, so it needs the view permission
 * of every type it reads (CONTRACT section 4, "Data validation"): 403 naming what is missing otherwise.
 */
export function requireViewPermissions(
  actor: Actor,
  targets: readonly Pick<ValidationTarget, "kind" | "entityType">[],
) {
  const missing = [...new Set(targets.map(viewPermissionOf))].filter((permission) => !holds(actor, permission));
  if (!missing.length) return;
  throw new ApiError({
    code: "AuthorizationError",
    message: "User is not authorized to perform the requested action",
    userMessages: [`Validating these records needs permission to view ${recordWords(missing)} records.`],
  });
}

/**
 * The validation target of each requested type, each type once (CONTRACT 8.3: a type named twice, in any
 * letter case, is 400), resolved in one pass; any unknown type is one 400 naming them all.
 */
export function requireTargets(
  configuration: ConfigurationDocument,
  requested: readonly RequestedType[],
): ValidationTarget[] {
  const targets: ValidationTarget[] = [];
  const unknown: RequestedType[] = [];
  const repeated: RequestedType[] = [];
  const seen = new Set<string>();
  for (const r of requested) {
    const target = validationTarget(configuration, r.entityType);
    if (!target) unknown.push(r);
    else if (seen.has(target.entityType)) repeated.push(r);
    else {
      seen.add(target.entityType);
      targets.push(target);
    }
  }
  if (unknown.length) throw unknownTypes(unknown);
  if (repeated.length) throw repeatedTypes(repeated);
  return targets;
}

/** The validation target of one requested type; an unknown type is a 400 naming `field`. */
export function requireTarget(configuration: ConfigurationDocument, requested: RequestedType): ValidationTarget {
  const target = validationTarget(configuration, requested.entityType);
  if (!target) throw unknownTypes([requested]);
  return target;
}
