import { z } from "@hono/zod-openapi";
import { ATTACHABLE_TYPES } from "../../domain/attachments/attached-record";
import { codePointLength, isBlank } from "../../domain/text/code-points";
import { UuidSchema } from "../../http/route";
import { batchIdMember } from "../../lib/bounded";

/**
 * Schemas shared by the notes, tasks, folders, files and forms routes (CONTRACT section 6): attached
 * records, bounded text (lengths in code points), and the pass-through `batchId`.
 */

/** Text of `min` to `max` code points; `notBlank` also refuses text that is only white space. */
export function boundedText(max: number, options: { min?: number; notBlank?: boolean } = {}) {
  const min = options.min ?? 0;
  return z
    .string()
    .superRefine((text, ctx) => {
      const length = codePointLength(text);
      const problem =
        length < min
          ? min === 1
            ? "must not be empty"
            : `must be at least ${min} characters long`
          : length > max
            ? `must be at most ${max} characters long`
            : options.notBlank && isBlank(text)
              ? "must not be blank"
              : null;
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .openapi({ minLength: min, maxLength: max });
}

export const AttachableTypeSchema = z.enum(ATTACHABLE_TYPES).openapi({
  description: "Lowercase type of the record; `policy` takes a policy id.",
});

export const EntityIdSchema = UuidSchema.openapi({ description: "Id of a record of `entityType` in the company." });

export const BatchIdMember = {
  batchId: batchIdMember(),
};

/** `entityType` and `entityId` go together: one without the other is 400. */
export const bothOrNeither = (value: { entityType?: unknown; entityId?: unknown }) =>
  (value.entityType === undefined) === (value.entityId === undefined);

export const BOTH_OR_NEITHER = {
  message: "entityType and entityId go together: send both or neither",
  path: ["entityId"],
};

/** Where null is allowed, the two are null together (detaching), never one of them. */
export const nullTogether = (value: { entityType?: unknown; entityId?: unknown }) =>
  (value.entityType === null) === (value.entityId === null);

export const NULL_TOGETHER = {
  message: "entityType and entityId are null together: send both null to detach",
  path: ["entityId"],
};

/** PATCH bodies name at least one member besides `batchId`. */
export const namesSomething = (value: Record<string, unknown>) =>
  Object.keys(value).some((key) => key !== "batchId" && value[key] !== undefined);

export const NAMES_SOMETHING = { message: "must name at least one member to change" };

export const ATTACHED_RECORD_RULE =
  "`entityType` is one of exposure, event, submission, quote, person, organization, policy (lowercase) and " +
  "`entityId` names a record of that type in the company (a policy by its policy id), else 404 " +
  "`NotFoundError`; the two go together. Attaching needs no permission on the record itself.";

/** A record named by a list filter: both query members, or neither. */
export const RecordFilterQuery = {
  entityType: AttachableTypeSchema.optional(),
  entityId: EntityIdSchema.optional(),
};
