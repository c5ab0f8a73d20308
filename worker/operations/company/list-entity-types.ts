import { ENTITY_TYPE_NAMES, ENTITY_TYPES } from "../../domain/entities/entity-types";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";

/** The parametric entity types, the policy, then the custom object types the configuration declares. */
export async function listEntityTypes(ctx: OperationContext) {
  const { document } = await configurationOf(ctx);
  const items = [
    ...ENTITY_TYPES.map((key) => ({ key, kind: "entity" as const, ...ENTITY_TYPE_NAMES[key] })),
    { key: "policy", kind: "policy" as const, ...ENTITY_TYPE_NAMES.policy },
    ...document.customObjects.map(({ key, name, pluralizedName }) => ({
      key,
      kind: "customObject" as const,
      name,
      pluralizedName,
    })),
  ];
  return { items };
}
