import {
  endExists,
  findLinkAt,
  findLinkByPair,
  insertLinkIfAllowed,
  type LinkRow,
} from "../../db/queries/relationships";
import type { Relationship } from "../../domain/configuration/document";
import {
  type CardinalityViolation,
  cardinalityLimits,
  describeViolation,
} from "../../domain/relationships/cardinality";
import { endsOf } from "../../domain/relationships/ends";
import { ApiError } from "../../errors/api-error";
import { finished, lostRace, withVersionRetry } from "../../lib/version-retry";
import type { OperationContext } from "../context";
import { authorizedRelationship } from "./authorized-relationship";
import { renameLinkedEvents } from "./rename-linked-events";

export interface LinkRecordsInput {
  relationshipKey: string;
  fromId: string;
  toId: string;
}

export interface LinkOutcome {
  link: LinkRow;
  /** False when the pair was already linked: the answer is that link. */
  created: boolean;
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
  ctx: OperationContext,
  relationship: Relationship,
  fromId: string,
  toId: string,
): Promise<WhyRefused> {
  const { db, companyId } = ctx;
  const { from, to } = endsOf(relationship);
  const same = await findLinkByPair(db, companyId, relationship.key, fromId, toId);
  if (same) return { kind: "linked", link: same };
  if (!(await endExists(db, companyId, from, fromId)))
    return { kind: "error", error: endNotFound("fromId", from.name) };
  if (!(await endExists(db, companyId, to, toId))) return { kind: "error", error: endNotFound("toId", to.name) };
  const limits = cardinalityLimits(relationship.cardinality);
  if (limits.onePerFrom) {
    const taken = await findLinkAt(db, companyId, relationship.key, { fromId });
    if (taken)
      return { kind: "error", error: violationError(relationship, { side: "from", id: fromId, linkedId: taken.toId }) };
  }
  if (limits.onePerTo) {
    const taken = await findLinkAt(db, companyId, relationship.key, { toId });
    if (taken)
      return { kind: "error", error: violationError(relationship, { side: "to", id: toId, linkedId: taken.fromId }) };
  }
  return { kind: "gone" };
}

/**
 * Serialized in the company object: a link involving an event renames it, and every write of an event
 * row runs there. Links two records of a relationship the caller may link. Repeating an existing pair
 * answers that link (`created: false`); a missing end is 404; a cardinality the link would break is 409.
 * The check and the insert are one statement.
 */
export async function linkRecords(ctx: OperationContext, input: LinkRecordsInput): Promise<LinkOutcome> {
  const relationship = await authorizedRelationship(ctx, input.relationshipKey, "link");
  const { fromId, toId } = input;
  if (relationship.from === relationship.to && fromId === toId) {
    throw new ApiError({
      code: "VALIDATION_ERROR",
      message: "fromId and toId name the same record; a record cannot be linked to itself",
      userMessages: ["A record cannot be linked to itself."],
      details: [{ field: "toId", message: "must differ from fromId" }],
    });
  }
  const guard = { ...endsOf(relationship), limits: cardinalityLimits(relationship.cardinality) };
  return withVersionRetry<LinkOutcome>(async () => {
    const row: LinkRow = {
      id: crypto.randomUUID(),
      companyId: ctx.companyId,
      relationshipKey: relationship.key,
      fromId,
      toId,
      createdAt: ctx.now.toISOString(),
    };
    const inserted = await insertLinkIfAllowed(ctx.db, row, guard);
    if (inserted) {
      await renameLinkedEvents(ctx, relationship, inserted);
      return finished({ link: inserted, created: true });
    }
    const why = await whyRefused(ctx, relationship, fromId, toId);
    if (why.kind === "linked") return finished({ link: why.link, created: false });
    if (why.kind === "error") throw why.error;
    return lostRace;
  }, "relationship");
}
