import type { ConfigurationDocument } from "../../domain/configuration/document";
import { type ValidationTarget, validationTarget } from "../../domain/data-validation/validation-target";
import { ApiError } from "../../errors/api-error";
import { TYPE_LIST } from "../../routes/data-validation/schemas";

/** The validation target of each requested type; any unknown type is one 400 naming them all. */
export function requireTargets(
  configuration: ConfigurationDocument,
  requested: ReadonlyArray<{ field: string; entityType: string }>,
): ValidationTarget[] {
  const unknown = requested.filter((r) => !validationTarget(configuration, r.entityType));
  if (unknown.length) {
    throw new ApiError({
      code: "VALIDATION_ERROR",
      message: `${unknown.map((u) => u.field).join(", ")} must be one of ${TYPE_LIST}`,
      userMessages: unknown.map(
        (u) => `"${u.entityType}" is not an entity type or custom object type of this company.`,
      ),
      details: unknown.map((u) => ({ field: u.field, message: `must be one of ${TYPE_LIST}` })),
    });
  }
  return requested.map((r) => validationTarget(configuration, r.entityType)!);
}
