import { z } from "@hono/zod-openapi";
import { INVOICE_ENTITY_TYPES, PAYEE_ENTITY_TYPES, PRICING_KINDS } from "../financials/catalog";
import { CARDINALITIES, CONFIGURABLE_ENTITY_TYPES, FIELD_KINDS } from "./field-kinds";

/**
 * The canonical configuration document (CONTRACT section 2): what export returns and what is stored.
 * Input is looser (legacy `type`/`typeArgs`, omitted defaults); `normalize.ts` turns it into this.
 */

export const TypeInfoSchema: z.ZodType<TypeInfo> = z.lazy(() =>
  z
    .object({
      kind: z.enum(FIELD_KINDS),
      optionSet: z.string().optional(),
      subFields: z.array(SubFieldSchema).optional(),
      prefix: z.string().optional(),
      padding: z.number().int().optional(),
      expression: z.string().optional(),
      repeatable: z.boolean().optional(),
      maxLength: z.number().int().optional(),
    })
    .openapi("FieldTypeInfo", {
      description:
        "`kind` plus the kind's arguments beside it: `optionSet` (Select, MultiSelect), `subFields` (Group: its " +
        "entries carry them, and each sub-field's flags apply to every entry written; a Sequence sub-field is " +
        "refused, `sequence-in-group`, since a Group's entries are not numbered), " +
        "`prefix` (at most 100 characters) and `padding` (0 to 20) (Sequence), `expression` and `repeatable` " +
        "(Calculated), `maxLength` (String: 1 " +
        "to 10,000 characters; without it a String value may have 10,000).",
    }),
);

export interface TypeInfo {
  kind: (typeof FIELD_KINDS)[number];
  optionSet?: string;
  subFields?: SubField[];
  prefix?: string;
  padding?: number;
  expression?: string;
  repeatable?: boolean;
  /** String: the most characters a value may have (1 to 10,000; 10,000 when absent). */
  maxLength?: number;
}

const fieldMembers = {
  referenceId: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  typeInfo: TypeInfoSchema,
  required: z.boolean(),
  readOnly: z.boolean(),
  writePermission: z.string().nullable(),
  computedDefault: z.string().nullable(),
  generatedAt: z.enum(["create", "bind"]).nullable(),
};

export interface SubField {
  referenceId: string;
  label: string;
  description: string | null;
  typeInfo: TypeInfo;
  required: boolean;
  readOnly: boolean;
  writePermission: string | null;
  computedDefault: string | null;
  generatedAt: "create" | "bind" | null;
}

export const SubFieldSchema: z.ZodType<SubField> = z.lazy(() => z.object(fieldMembers).openapi("SubFieldDefinition"));

export const FieldDefinitionSchema = z
  .object({ entityType: z.enum(CONFIGURABLE_ENTITY_TYPES), ...fieldMembers })
  .openapi("FieldDefinition");
export type FieldDefinition = z.infer<typeof FieldDefinitionSchema>;

export const OptionSchema = z.object({ value: z.union([z.string(), z.number()]), label: z.string() });
export const OptionSetSchema = z.object({ key: z.string(), options: z.array(OptionSchema) }).openapi("OptionSet");
export type OptionSet = z.infer<typeof OptionSetSchema>;

export const CustomObjectSchema = z
  .object({
    key: z.string(),
    name: z.string(),
    pluralizedName: z.string(),
    displayNameExpression: z.string().nullable(),
    subFields: z.array(SubFieldSchema),
  })
  .openapi("CustomObjectDefinition");
export type CustomObject = z.infer<typeof CustomObjectSchema>;

export const RelationshipSchema = z
  .object({ key: z.string(), from: z.string(), to: z.string(), cardinality: z.enum(CARDINALITIES) })
  .openapi("RelationshipDefinition");
export type Relationship = z.infer<typeof RelationshipSchema>;

export const CardDefinitionSchema = z
  .object({
    key: z.string(),
    pageKey: z.string(),
    entityType: z.enum(CONFIGURABLE_ENTITY_TYPES),
    title: z.string(),
    parentCardKey: z.string().nullable(),
    order: z.number().int(),
    renderingArguments: z.record(z.string(), z.unknown()),
    displayCondition: z.string().nullable(),
  })
  .openapi("CardDefinition");
export type CardDefinition = z.infer<typeof CardDefinitionSchema>;

export const CardSectionSchema = z
  .object({
    key: z.string(),
    cardKey: z.string(),
    title: z.string(),
    order: z.number().int(),
    displayCondition: z.string().nullable(),
  })
  .openapi("CardSection");
export type CardSection = z.infer<typeof CardSectionSchema>;

export const FieldLocationSchema = z
  .object({
    referenceId: z.string(),
    cardKey: z.string(),
    sectionKey: z.string().nullable(),
    order: z.number().int(),
    renderingArguments: z.record(z.string(), z.unknown()),
    displayCondition: z.string().nullable(),
    requiredCondition: z.string().nullable(),
  })
  .openapi("FieldLocation");
export type FieldLocation = z.infer<typeof FieldLocationSchema>;

export const ConditionSchema = z.object({ expression: z.string(), message: z.string() });

export const RatingStageSchema = z.object({
  stageType: z.string(),
  raterSpec: z.unknown().optional(),
  callOncePerPath: z.boolean().optional(),
  outputPath: z.string().optional(),
  inputs: z.unknown().optional(),
});

export const RatingWorkflowSchema = z
  .object({
    name: z.string(),
    stages: z.array(RatingStageSchema),
    warnings: z.array(ConditionSchema),
    preconditions: z.array(ConditionSchema),
    billingPreconditions: z.array(ConditionSchema),
  })
  .openapi("RatingWorkflow");
export type RatingWorkflow = z.infer<typeof RatingWorkflowSchema>;

export const DIRECTIONS = ["payable", "receivable"] as const;

export const FinancialCategorySchema = z.object({
  name: z.string(),
  kind: z.enum(["operating", "reserved"]),
  expectedDirection: z.enum(DIRECTIONS),
  deprecatedAt: z.string().nullable(),
});

export const LineItemTypeSchema = z.object({
  name: z.string(),
  direction: z.enum(DIRECTIONS),
  lifecycle: z.enum(["active", "deprecated"]),
  allowedOn: z.array(z.object({ invoiceType: z.string(), label: z.string().nullable() })),
  category: z.string().nullable(),
  pricingKind: z.enum(PRICING_KINDS).nullable(),
});

export const PaymentDefaultsSchema = z.object({
  paymentPeriod: z.enum(["upfront", "quarterly", "monthly"]),
  firstDueDate: z.object({ anchor: z.enum(["today", "effective-date"]), daysAfter: z.number().int().min(0) }),
  avoidWeekendSends: z.boolean(),
});

export const InvoiceTypeSchema = z.object({
  name: z.string(),
  appliesTo: z.array(z.enum(INVOICE_ENTITY_TYPES)),
  payeeDefaults: z
    .object({ expression: z.string().nullable(), allowedEntityTypes: z.array(z.enum(PAYEE_ENTITY_TYPES)) })
    .nullable(),
});

export const FinancialsSchema = z
  .object({
    documentVersion: z.literal(2),
    categories: z.array(FinancialCategorySchema),
    policyFinancials: z.object({
      lineItemTypes: z.array(LineItemTypeSchema),
      paymentDefaults: PaymentDefaultsSchema.nullable(),
      invoiceTypes: z.array(InvoiceTypeSchema),
    }),
  })
  .openapi("FinancialsConfiguration");
export type Financials = z.infer<typeof FinancialsSchema>;

export const FOLDER_ENTITY_TYPES = CONFIGURABLE_ENTITY_TYPES;

export const ConfigurationDocumentSchema = z
  .object({
    documentVersion: z.literal(2),
    fieldDefinitions: z.array(FieldDefinitionSchema),
    optionSets: z.array(OptionSetSchema),
    customObjects: z.array(CustomObjectSchema),
    relationships: z.array(RelationshipSchema),
    cardDefinitions: z.array(CardDefinitionSchema),
    cardSections: z.array(CardSectionSchema),
    fieldLocations: z.array(FieldLocationSchema),
    folderCategories: z.record(z.string(), z.array(z.string())),
    ratingWorkflows: z.array(RatingWorkflowSchema),
    financials: FinancialsSchema,
  })
  .openapi("ConfigurationDocument");
export type ConfigurationDocument = z.infer<typeof ConfigurationDocumentSchema>;

export const EMPTY_FINANCIALS: Financials = {
  documentVersion: 2,
  categories: [],
  policyFinancials: { lineItemTypes: [], paymentDefaults: null, invoiceTypes: [] },
};

export const EMPTY_DOCUMENT: ConfigurationDocument = {
  documentVersion: 2,
  fieldDefinitions: [],
  optionSets: [],
  customObjects: [],
  relationships: [],
  cardDefinitions: [],
  cardSections: [],
  fieldLocations: [],
  folderCategories: {},
  ratingWorkflows: [],
  financials: EMPTY_FINANCIALS,
};

/** Top-level members, in canonical order. */
export const DOCUMENT_MEMBERS = Object.keys(EMPTY_DOCUMENT) as Array<keyof ConfigurationDocument>;
