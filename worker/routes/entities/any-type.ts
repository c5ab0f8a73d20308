import type { Context } from "hono";
import { ENTITY_TYPES } from "../../domain/entities/entity-types";
import { ApiError, notAuthorized } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { actorOf, companyParams, pathPermission } from "../../http/route";
import { boundedString, TEXT } from "../../lib/bounded";
import { holds } from "../../operations/context";
import { ENTITY_TYPE_LIST, type EntityType, permissionOf, type Verb } from "./schemas";

/**
 * The entity routes also answer under any other spelling of the entity type (`/entities/Exposure`):
 * the type resolves case-insensitively, and then the typed route's permission applies.
 */
export const ANY_TYPE_DESCRIPTION =
  "Resolves the entity type case-insensitively and applies the same rules and permission as the typed route; " +
  "any other type is 400 `VALIDATION_ERROR` naming the allowed types.";

/** `exposure` → `[eE][xX]...`: the entity types in any letter case, as a JSON Schema pattern. */
const anyCase = (word: string) => [...word].map((ch) => `[${ch.toLowerCase()}${ch.toUpperCase()}]`).join("");
const ANY_CASE_TYPE = `^(?:${ENTITY_TYPES.map(anyCase).join("|")})$`;

export const AnyTypeParams = companyParams({
  // The pattern describes what resolves; `resolveEntityType` refuses anything else with its own message.
  entityType: boundedString(TEXT.key).openapi({
    param: { name: "entityType", in: "path" },
    description: `One of ${ENTITY_TYPE_LIST}, in any letter case.`,
    pattern: ANY_CASE_TYPE,
    example: "Exposure",
  }),
});

/**
 * The permission of an any-case route: the typed route's `<entityType>.<verb>`, checked before anything else
 * as the typed route checks it (the path names the type); a type outside the list is the documented 400.
 */
export const anyTypePermission = (verb: Verb) =>
  pathPermission(
    `<entityType>.${verb}`,
    `the typed route's permission, \`${verb}\` on the entity type the path names`,
    ENTITY_TYPES.map((entityType) => permissionOf(entityType, verb)),
    ({ entityType }) => {
      const known = ENTITY_TYPES.find((t) => t === entityType?.toLowerCase());
      return known ? permissionOf(known, verb) : null;
    },
  );

/** `Exposure` → `exposure`; anything outside the list is the documented 400. */
function resolveEntityType(raw: string): EntityType {
  const lower = raw.toLowerCase();
  const entityType = ENTITY_TYPES.find((t) => t === lower);
  if (entityType) return entityType;
  throw new ApiError({
    code: "VALIDATION_ERROR",
    message: `entityType must be one of ${ENTITY_TYPE_LIST}`,
    userMessages: [`"${raw}" is not an entity type. Use one of: ${ENTITY_TYPE_LIST}.`],
    details: [{ field: "entityType", message: `must be one of ${ENTITY_TYPE_LIST}` }],
  });
}

/** The entity type a path names, once the caller holds the typed route's permission for `verb` on it. */
export function grantedEntityType(c: Context<AppEnv>, raw: string, verb: Verb): EntityType {
  const entityType = resolveEntityType(raw);
  if (!holds(actorOf(c), permissionOf(entityType, verb))) throw notAuthorized();
  return entityType;
}
