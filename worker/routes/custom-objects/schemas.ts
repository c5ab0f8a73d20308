import { z } from "@hono/zod-openapi";
import { companyParams, type Family, UuidSchema } from "../../http/route";
import { batchIdMember, boundedString, fieldValues, TEXT } from "../../lib/bounded";

const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

export const ObjectTypeParam = boundedString(TEXT.key)
  .regex(SNAKE_CASE, {
    message:
      "must be snake_case (lowercase letters and digits separated by single underscores, starting with a letter)",
  })
  .openapi({
    param: { name: "objectType", in: "path" },
    description: "Key of a custom object type in the company's configuration (snake_case).",
    example: "vehicle",
  });

export const CustomObjectIdParam = UuidSchema.openapi({ param: { name: "id", in: "path" } });

export const TAGS = ["Custom objects"];
export const familySuffix = (family: Family) => (family === "P" ? "" : family);
export const typeParams = companyParams({ objectType: ObjectTypeParam });
export const recordParams = companyParams({ objectType: ObjectTypeParam, id: CustomObjectIdParam });

export const UNKNOWN_TYPE =
  "An `objectType` that is not snake_case is 400 `VALIDATION_ERROR`; one the company's configuration does not " +
  "declare is 404 `NotFoundError`.";

const FIELD_VALUES =
  "Values keyed by the custom object's sub-field referenceIds, validated like entity fields: unknown keys, invalid " +
  "values and missing required fields are 400 `InvalidFieldModelV1Data` (one `details` entry per refused value); a " +
  "sub-field in a write group the key lacks is 403 `field-write-permission-required` " +
  "(`custom-object.field-<group>`); platform-generated values cannot be set (400 `GeneratedFieldWrite`). " +
  "Relationship fields are not accepted: a key equal to a configured relationship key is 400 " +
  "`InvalidFieldModelV1Data` (link records through `/relationships/{relationshipKey}/links`).";

const FieldValues = fieldValues().openapi({ description: FIELD_VALUES });

const batchId = batchIdMember();

export const CustomObjectCreateSchema = z
  .strictObject({ data: FieldValues, batchId })
  .openapi("CustomObjectCreateRequest");

export const CustomObjectUpdateSchema = z
  .strictObject({
    data: FieldValues.openapi({
      description: "Only the sub-fields sent change; `null` clears one. Same rules as on create.",
    }),
    batchId,
  })
  .openapi("CustomObjectUpdateRequest");

export const CustomObjectSchema = z
  .object({
    id: z.uuid(),
    objectType: z.string(),
    data: z
      .record(z.string(), z.unknown())
      .openapi({ description: "Values keyed by sub-field referenceId; dates as canonical Fmv1Date objects." }),
    displayName: z
      .string()
      .nullable()
      .openapi({
        description:
          "The custom object type's `displayNameExpression` evaluated against `data`; null when the type has none or " +
          "it cannot be evaluated.",
      }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("CustomObject");

export const CreatedSchema = z.object({ id: z.uuid() });
