import type { ConfigurationDocument } from "../../domain/configuration/document";
import { type ValidationTarget, validationTarget } from "../../domain/data-validation/validation-target";
import { ENTITY_TYPES } from "../../domain/entities/entity-types";
import { ApiError } from "../../errors/api-error";

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

/** The validation target of each requested type; any unknown type is one 400 naming them all. */
export function requireTargets(
  configuration: ConfigurationDocument,
  requested: readonly RequestedType[],
): ValidationTarget[] {
  const found = requested.map((r) => ({ requested: r, target: validationTarget(configuration, r.entityType) }));
  const unknown = found.filter((f) => !f.target).map((f) => f.requested);
  if (unknown.length) throw unknownTypes(unknown);
  return found.flatMap((f) => (f.target ? [f.target] : []));
}

/** The validation target of one requested type; an unknown type is a 400 naming `field`. */
export function requireTarget(configuration: ConfigurationDocument, requested: RequestedType): ValidationTarget {
  const target = validationTarget(configuration, requested.entityType);
  if (!target) throw unknownTypes([requested]);
  return target;
}
