import { VALUE_BOUNDS } from "../entities/value-reading";
import { expressionProblem, isRepeatable } from "../expressions/evaluate";
import type { ConfigurationDocument, FieldDefinition, SubField, TypeInfo } from "./document";
import type { FieldKind } from "./field-kinds";
import { MAX_TEXT_LENGTH } from "./field-types";
import {
  ADDRESS_SCHEMA,
  ADDRESS_V2_SCHEMA,
  DATE_VALUE_SCHEMA,
  JSON_SCHEMA_DIALECT,
  type JsonSchema,
  OFAC_SCREENING_SCHEMA,
} from "./json-schema-shapes";
import { type PlatformField, platformField, platformFieldsOf } from "./platform-field-schemas";

/**
 * The entity configuration read (interface, "Field schema marks (entity configuration read)"): an entity
 * type's fields as a JSON Schema object, each field carrying its label, kind, canonical `typeInfo`, the
 * value shape of its kind and the marks.
 */

export interface FieldJsonSchema extends JsonSchema {
  title: string;
  fieldType: FieldKind;
  typeInfo: TypeInfo;
}

export interface EntityConfigurationSchema {
  entityType: string;
  $schema: typeof JSON_SCHEMA_DIALECT;
  type: "object";
  properties: Record<string, FieldJsonSchema>;
  required: string[];
  additionalProperties: false;
}

/** The most digits a Sequence counter has: counters are whole numbers below 2^53. */
const SEQUENCE_COUNTER_DIGITS = String(Number.MAX_SAFE_INTEGER).length;

/** Option values by option set key. */
type OptionValues = ReadonlyMap<string, ReadonlyArray<string | number>>;

function optionValuesOf(document: ConfigurationDocument): OptionValues {
  return new Map(document.optionSets.map((set) => [set.key, set.options.map((option) => option.value)]));
}

const when = (condition: boolean, members: JsonSchema): JsonSchema => (condition ? members : {});

/**
 * A Select value: one of the option set's values; typed string, number, or both when the set mixes them.
 * Built once per option set and shared by every field using it (a set can hold 10,000 options).
 */
const selectSchemas = new WeakMap<ReadonlyArray<string | number>, JsonSchema>();
function selectSchema(optionSet: string | undefined, options: OptionValues): JsonSchema {
  const values = (optionSet && options.get(optionSet)) || [];
  let schema = selectSchemas.get(values);
  if (!schema) {
    const types = [...new Set(values.map((value) => (typeof value === "number" ? "number" : "string")))];
    schema = { type: types.length === 1 ? types[0] : ["string", "number"], enum: values as Array<string | number> };
    selectSchemas.set(values, schema);
  }
  return schema;
}

/** A Group's item, and any object keyed by sub-field referenceIds. */
function objectSchema(fields: readonly SubField[], options: OptionValues): JsonSchema {
  return {
    type: "object",
    properties: Object.fromEntries(fields.map((field) => [field.referenceId, fieldSchema(field, options)])),
    required: fields.filter((field) => field.required).map((field) => field.referenceId),
    additionalProperties: false,
  };
}

/**
 * A Currency value (interface, "JSON Schema format values"): a number is a plain amount, an object
 * `{code, value}` an amount with its three-letter currency code.
 */
const CURRENCY_SCHEMA: JsonSchema = {
  type: ["number", "object"],
  format: "currency",
  properties: { code: { type: "string", pattern: "^[A-Z]{3}$" }, value: { type: "number" } },
  required: ["code", "value"],
  additionalProperties: false,
};

/**
 * The value shape of a kind (interface, "JSON Schema format values in configuration reads"), with the
 * bounds writes enforce (CONTRACT 8.3): text 10,000 characters (a String's maxLength may say less), a Group
 * 1,000 entries; a Sequence's values its prefix and counter.
 */
function valueSchema(typeInfo: TypeInfo, options: OptionValues): JsonSchema {
  switch (typeInfo.kind) {
    case "String":
      return { type: "string", maxLength: typeInfo.maxLength ?? MAX_TEXT_LENGTH };
    case "Sequence":
      // Its prefix, then the counter zero-padded to its padding: a counter has at most 16 digits (2^53).
      return {
        type: "string",
        maxLength: (typeInfo.prefix ?? "").length + Math.max(typeInfo.padding ?? 0, SEQUENCE_COUNTER_DIGITS),
      };
    case "Number":
      return { type: "number" };
    case "Currency":
      return CURRENCY_SCHEMA;
    case "Integer":
      return { type: "integer", format: "int64", minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };
    case "Boolean":
      return { type: "boolean" };
    case "Date":
      return DATE_VALUE_SCHEMA;
    case "Select":
      return selectSchema(typeInfo.optionSet, options);
    case "MultiSelect":
      return { type: "array", items: selectSchema(typeInfo.optionSet, options), uniqueItems: true };
    case "Percent":
      return { type: "string", format: "percent", maxLength: MAX_TEXT_LENGTH };
    case "Email":
      return { type: "string", format: "email", maxLength: MAX_TEXT_LENGTH };
    case "Phone":
      return { type: "string", format: "phone", maxLength: MAX_TEXT_LENGTH };
    case "Object: Address":
      return ADDRESS_SCHEMA;
    case "Object: AddressV2":
      return ADDRESS_V2_SCHEMA;
    case "Object: OfacScreening":
      return OFAC_SCREENING_SCHEMA;
    case "Group":
      return {
        type: "array",
        items: objectSchema(typeInfo.subFields ?? [], options),
        maxItems: VALUE_BOUNDS.groupEntries,
      };
    case "Calculated":
      // The answer's type is the expression's; the schema does not constrain it.
      return {};
  }
}

/**
 * `x-repeatable` says the same stored data always gives the same answer (interface): declared so, and an
 * expression that parses and reads no clock (CONTRACT 5.4: only today() and now() are not repeatable). A
 * clock-reading field declared repeatable is only warned about on import, so the read must not repeat it.
 */
const repeatable = ({ repeatable: declared, expression }: TypeInfo) =>
  declared === true && !!expression && !expressionProblem(expression) && isRepeatable(expression);

/** The marks of "Field schema marks": what a caller may write and what the platform fills in. */
function marksOf(field: SubField): JsonSchema {
  const { kind } = field.typeInfo;
  const generated = kind === "Sequence";
  const calculated = kind === "Calculated";
  return {
    ...when(field.readOnly || generated || calculated, { readOnly: true }),
    ...when(generated, { "x-generated": true }),
    ...when(generated && field.generatedAt !== null, { "x-generated-at": field.generatedAt }),
    ...when(field.computedDefault !== null, { "x-computed-default": field.computedDefault }),
    ...when(field.writePermission !== null, { "x-write-permission": field.writePermission }),
    ...when(calculated, { "x-repeatable": repeatable(field.typeInfo) }),
  };
}

/** One field's schema: label, kind, canonical typeInfo, value shape, marks. */
function fieldSchema(field: SubField, options: OptionValues): FieldJsonSchema {
  return {
    title: field.label,
    ...when(field.description !== null, { description: field.description }),
    fieldType: field.typeInfo.kind,
    typeInfo: field.typeInfo,
    ...valueSchema(field.typeInfo, options),
    ...marksOf(field),
  };
}

/** A platform field: as configured when the configuration declares it (fixed marks kept), else its default. */
function platformFieldSchema(
  platform: PlatformField,
  declared: FieldDefinition | undefined,
  options: OptionValues,
): FieldJsonSchema {
  if (declared) return { ...fieldSchema(declared, options), ...platform.fixed };
  return { ...fieldSchema(platform.definition, options), ...platform.shape, ...platform.fixed };
}

function configuredFieldsOf(document: ConfigurationDocument, entityType: string): FieldDefinition[] {
  return document.fieldDefinitions.filter((field) => field.entityType === entityType);
}

/** Configured fields the platform does not define. */
function customFieldsOf(configured: readonly FieldDefinition[], entityType: string): FieldDefinition[] {
  return configured.filter((field) => !platformField(entityType, field.referenceId));
}

function entityObject(
  entityType: string,
  properties: Record<string, FieldJsonSchema>,
  fields: readonly FieldDefinition[],
): EntityConfigurationSchema {
  return {
    entityType,
    $schema: JSON_SCHEMA_DIALECT,
    type: "object",
    properties,
    required: fields.filter((field) => field.required).map((field) => field.referenceId),
    additionalProperties: false,
  };
}

/** Every field of an entity type: the platform's (whether configured or not), then the configured ones. */
export function entityConfigurationSchema(
  document: ConfigurationDocument,
  entityType: string,
): EntityConfigurationSchema {
  const options = optionValuesOf(document);
  const configured = configuredFieldsOf(document, entityType);
  const properties: Record<string, FieldJsonSchema> = {};
  for (const platform of platformFieldsOf(entityType)) {
    const declared = configured.find((field) => field.referenceId === platform.definition.referenceId);
    properties[platform.definition.referenceId] = platformFieldSchema(platform, declared, options);
  }
  if (entityType === "quote") properties.exposures = embeddedExposuresSchema(document, options);
  for (const field of customFieldsOf(configured, entityType))
    properties[field.referenceId] = fieldSchema(field, options);
  return entityObject(entityType, properties, configured);
}

/**
 * A quote's `exposures` (CONTRACT 5.2: a quote platform field, writable with no configuration): the list
 * of embedded exposures, each a copy holding only the exposure type's configured fields.
 */
function embeddedExposuresSchema(document: ConfigurationDocument, options: OptionValues): FieldJsonSchema {
  const subFields: SubField[] = configuredFieldsOf(document, "exposure").map(({ entityType: _, ...field }) => field);
  return {
    title: "Exposures",
    description: "Embedded exposures, written whole: point-in-time copies of exposure field values.",
    fieldType: "Group",
    typeInfo: { kind: "Group", subFields },
    type: "array",
    maxItems: VALUE_BOUNDS.embeddedExposures,
    items: objectSchema(subFields, options),
    "x-platform": true,
  };
}

/** Only the configured fields the platform does not define (the oldest family's quote configuration). */
export function customFieldsSchema(document: ConfigurationDocument, entityType: string): EntityConfigurationSchema {
  const options = optionValuesOf(document);
  const fields = customFieldsOf(configuredFieldsOf(document, entityType), entityType);
  return entityObject(
    entityType,
    Object.fromEntries(fields.map((field) => [field.referenceId, fieldSchema(field, options)])),
    fields,
  );
}
