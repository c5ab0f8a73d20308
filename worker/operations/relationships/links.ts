import type { Database } from "../../db/client";
import {
  deleteLink,
  endExists,
  findLink,
  findLinkAt,
  findLinkByPair,
  insertLinkIfAllowed,
  type LinkRow,
} from "../../db/queries/relationships";
import type { ConfigurationDocument, Relationship } from "../../domain/configuration/document";
import {
  type CardinalityViolation,
  cardinalityLimits,
  describeViolation,
} from "../../domain/relationships/cardinality";
import { endsOf, isEventEnd, linkPermissions } from "../../domain/relationships/ends";
import { ApiError, notFound } from "../../errors/api-error";
import type { KeyCaller } from "../../http/route";
import { refreshEventName } from "../events/refresh-event-name";

export interface LinkContext {
  db: Database;
  caller: KeyCaller;
  now: Date;
}

/** The configured relationship with this key; an unknown key is 404 like any unknown resource. */
export function relationshipOf(configuration: ConfigurationDocument, key: string): Relationship {
  const relationship = configuration.relationships.find((r) => r.key === key);
  if (!relationship) throw notFound();
  return relationship;
}

/** Permissions follow the ends (see `linkPermissions`); checked once the relationship is known. */
export function requireLinkPermissions(caller: KeyCaller, relationship: Relationship, action: "link" | "list") {
  if (!linkPermissions(relationship, action).every((permission) => caller.grants.has(permission))) {
    throw new ApiError({
      code: "AuthorizationError",
      message: "User is not authorized to perform the requested action",
    });
  }
}

const endNotFound = (field: "fromId" | "toId", typeName: string) =>
  new ApiError({
    code: "NotFoundError",
    message: "Not found",
    userMessages: [`No ${typeName} with this id exists in the company.`],
    details: [{ field, message: `no ${typeName} with this id` }],
  });

function violationError(relationship: Relationship, violation: CardinalityViolation) {
  const { message, userMessage, detail } = describeViolation(relationship, violation);
  return new ApiError({
    code: "RelationshipCardinalityViolation",
    message,
    userMessages: [userMessage],
    details: [detail],
  });
}

type WhyRefused = { kind: "linked"; link: LinkRow } | { kind: "error"; error: ApiError } | { kind: "gone" };

/** Why the guarded insert refused a link, read after the fact; `gone` means the obstacle vanished meanwhile. */
async function whyRefused(
  context: LinkContext,
  relationship: Relationship,
  fromId: string,
  toId: string,
): Promise<WhyRefused> {
  const { db, caller } = context;
  const { from, to } = endsOf(relationship);
  const same = await findLinkByPair(db, caller.companyId, relationship.key, fromId, toId);
  if (same) return { kind: "linked", link: same };
  if (!(await endExists(db, caller.companyId, from, fromId)))
    return { kind: "error", error: endNotFound("fromId", from.name) };
  if (!(await endExists(db, caller.companyId, to, toId))) return { kind: "error", error: endNotFound("toId", to.name) };
  const limits = cardinalityLimits(relationship.cardinality);
  if (limits.onePerFrom) {
    const taken = await findLinkAt(db, caller.companyId, relationship.key, { fromId });
    if (taken)
      return { kind: "error", error: violationError(relationship, { side: "from", id: fromId, linkedId: taken.toId }) };
  }
  if (limits.onePerTo) {
    const taken = await findLinkAt(db, caller.companyId, relationship.key, { toId });
    if (taken)
      return { kind: "error", error: violationError(relationship, { side: "to", id: toId, linkedId: taken.fromId }) };
  }
  return { kind: "gone" };
}

const ATTEMPTS = 3;

/**
 * Links two records. Repeating an existing pair answers that link (`created: false`); a missing end is
 * 404; a cardinality the link would break is 409. The check and the insert are one statement.
 */
export async function linkRecords(
  context: LinkContext,
  relationship: Relationship,
  fromId: string,
  toId: string,
): Promise<{ link: LinkRow; created: boolean }> {
  const ends = endsOf(relationship);
  if (relationship.from === relationship.to && fromId === toId) {
    throw new ApiError({
      code: "VALIDATION_ERROR",
      message: "fromId and toId name the same record; a record cannot be linked to itself",
      userMessages: ["A record cannot be linked to itself."],
      details: [{ field: "toId", message: "must differ from fromId" }],
    });
  }
  const guard = { ...ends, limits: cardinalityLimits(relationship.cardinality) };
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const row: LinkRow = {
      id: crypto.randomUUID(),
      companyId: context.caller.companyId,
      relationshipKey: relationship.key,
      fromId,
      toId,
      createdAt: context.now.toISOString(),
    };
    const inserted = await insertLinkIfAllowed(context.db, row, guard);
    if (inserted) {
      await afterLinkChange(context, relationship, inserted);
      return { link: inserted, created: true };
    }
    const why = await whyRefused(context, relationship, fromId, toId);
    if (why.kind === "linked") return { link: why.link, created: false };
    if (why.kind === "error") throw why.error;
  }
  throw new ApiError({
    code: "Conflict",
    message: "The relationship changed while the link was being made; retry the request",
    userMessages: ["Someone else changed these links at the same moment. Please try again."],
  });
}

/** Removes one link of the relationship; an unknown id (or another company's) is 404. */
export async function unlinkRecords(context: LinkContext, relationship: Relationship, linkId: string): Promise<void> {
  const removed = await deleteLink(context.db, context.caller.companyId, relationship.key, linkId);
  if (!removed) throw notFound();
  await afterLinkChange(context, relationship, removed);
}

export async function findRelationshipLink(
  context: LinkContext,
  relationship: Relationship,
  linkId: string,
): Promise<LinkRow> {
  const link = await findLink(context.db, context.caller.companyId, relationship.key, linkId);
  if (!link) throw notFound();
  return link;
}

/** Events derive their name from linked exposures and claimant: a link change involving one renames it. */
async function afterLinkChange(context: LinkContext, relationship: Relationship, link: LinkRow) {
  const { from, to } = endsOf(relationship);
  const events = [...(isEventEnd(from) ? [link.fromId] : []), ...(isEventEnd(to) ? [link.toId] : [])];
  for (const eventId of events) await refreshEventName(context.db, context.caller.companyId, eventId);
}

export const linkView = (link: LinkRow) => ({
  id: link.id,
  relationshipKey: link.relationshipKey,
  fromId: link.fromId,
  toId: link.toId,
  createdAt: link.createdAt,
});
