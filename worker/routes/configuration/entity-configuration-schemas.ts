import { z } from "@hono/zod-openapi";
import { TypeInfoSchema } from "../../domain/configuration/document";
import { FIELD_KINDS } from "../../domain/configuration/field-kinds";
import { JSON_SCHEMA_DIALECT } from "../../domain/configuration/json-schema-shapes";

/** One field of an entity configuration read: JSON Schema keywords plus the interface's marks. */
export const FieldJsonSchemaSchema = z
  .object({
    title: z.string().openapi({ description: "The field's label." }),
    description: z.string().optional(),
    fieldType: z.enum(FIELD_KINDS).openapi({
      description:
        "The configured kind (`typeInfo.kind`); says, for example, whether an address is `Object: Address` or " +
        "`Object: AddressV2`.",
    }),
    typeInfo: TypeInfoSchema,
    readOnly: z
      .boolean()
      .optional()
      .openapi({
        description:
          "`true`: the value cannot be written (read-only, Calculated and Sequence fields, quote lifecycle fields, " +
          "`eventName`).",
      }),
    "x-generated": z
      .boolean()
      .optional()
      .openapi({
        description:
          "Platform-generated (Sequence); originating or changing it answers 400 `GeneratedFieldWrite`, resending " +
          "the stored value is tolerated.",
      }),
    "x-generated-at": z
      .enum(["create", "bind"])
      .optional()
      .openapi({ description: "When a Sequence value is minted." }),
    "x-computed-default": z
      .string()
      .optional()
      .openapi({ description: "The default's expression; a supplied value is kept." }),
    "x-write-permission": z
      .string()
      .optional()
      .openapi({
        description:
          "The field's write group; writing it needs `<entityType>.field-<group>` (a Group's sub-field: the Group " +
          "field's entity type; a custom object's: `custom-object`).",
      }),
    "x-repeatable": z
      .boolean()
      .optional()
      .openapi({
        description:
          "On Calculated fields: `true` means the same stored data always gives the same answer. `true` only when " +
          "the field is declared `repeatable` and its expression calls neither `today()` nor `now()`.",
      }),
    "x-platform": z
      .boolean()
      .optional()
      .openapi({ description: "Defined by the platform on every company, with or without configuration." }),
    "x-guarded-status": z
      .boolean()
      .optional()
      .openapi({
        description:
          "A status changed only through its lifecycle operations; a generic update changing it answers 409 " +
          "`GuardedStatusFieldWrite`.",
      }),
  })
  .catchall(z.unknown())
  .openapi("FieldJsonSchema", {
    description:
      "JSON Schema of one field. Value shapes by kind: String, Sequence `string`; Number `number`; Currency " +
      "`number` with `format: currency`; Integer `integer`; Boolean `boolean`; Date an object `{date (format " +
      "date), timezone (default America/New_York)}`; Select `enum` of the option set's values; MultiSelect an " +
      "array of them; Percent `string` with `format: percent`; Email, Phone `string` with `format` email, phone; " +
      "`Object: Address` the flat legacy object and `Object: AddressV2` `{entryMethod, enteredAddress, geocode}`, " +
      "both with `format: address`; `Object: OfacScreening` the screening object; Group an array of objects keyed " +
      "by sub-field, written whole: each entry is matched with the stored entry at its position and its " +
      "sub-fields' marks apply to it (a changed locked sub-field 403, a changed read-only one 400, calculated " +
      "and computed-default sub-fields derived from the entry's own values); Calculated unconstrained.",
  });

export const EntityConfigurationSchema = z
  .object({
    entityType: z.string(),
    $schema: z.literal(JSON_SCHEMA_DIALECT),
    type: z.literal("object"),
    properties: z.record(z.string(), FieldJsonSchemaSchema).openapi({ description: "Fields keyed by `referenceId`." }),
    required: z.array(z.string()).openapi({ description: "referenceIds of the required fields." }),
    additionalProperties: z.literal(false),
  })
  .openapi("EntityConfiguration");
