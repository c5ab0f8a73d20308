import { z } from "zod";
import { TEXT } from "../../lib/bounded";
import { INVOICE_ENTITY_TYPES, PAYEE_ENTITY_TYPES, PRICING_KINDS } from "../financials/catalog";
import { CARDINALITIES, CONFIGURABLE_ENTITY_TYPES } from "./field-kinds";

/**
 * What import, validate and compare accept: the canonical document with defaults omitted, field types
 * as `typeInfo` or legacy `type` + JSON-string `typeArgs`. Unknown members are refused everywhere. Identifiers
 * (referenceIds, keys, page keys) are at most 200 characters, as every record body's keys are (CONTRACT 8.3), so a
 * field can always be written; so is every name a request later sends back (a rating workflow's, an invoice
 * type's, a financial category's, a line item type's and its line labels: their request members are at most
 * 200), so every importable name stays usable. Other names, labels and titles (folder categories too) at most
 * 1,000; descriptions 10,000; a condition's message 1,000 (one sentence shown as is among a refusal's
 * userMessages, which stay bounded). Every list inside a member holds at most 1,000 items.
 */

/** Names a request sends back (rate and bind's ratingWorkflowName, invoiceType, line labels): 200, as those members. */
const SENDABLE_NAME = TEXT.key;

/** The most items one list inside a member may hold (CONTRACT 8.3: every list is bounded), as cards. */
const MAX_LIST_ITEMS = 1_000;

/** Numbers beyond ±2^53 lose whole-number precision; no option value needs more. */
const MAX_OPTION_NUMBER = Number.MAX_SAFE_INTEGER;

export const FieldInputSchema = z
  .object({
    entityType: z.enum(CONFIGURABLE_ENTITY_TYPES).optional(),
    referenceId: z.string().min(1).max(TEXT.key),
    label: z.string().max(TEXT.name),
    description: z.string().max(TEXT.value).nullable().optional(),
    typeInfo: z.object({ kind: z.string() }).catchall(z.unknown()).optional(),
    type: z.string().optional(),
    typeArgs: z.string().optional(),
    required: z.boolean().optional(),
    readOnly: z.boolean().optional(),
    writePermission: z.string().max(TEXT.key).nullable().optional(),
    computedDefault: z.string().nullable().optional(),
    generatedAt: z.enum(["create", "bind"]).nullable().optional(),
  })
  .strict();
export type FieldInput = z.infer<typeof FieldInputSchema>;

export const OptionSetInputSchema = z
  .object({
    key: z.string().min(1).max(TEXT.key),
    options: z.array(
      z
        .object({
          value: z.union([z.string().max(TEXT.name), z.number().min(-MAX_OPTION_NUMBER).max(MAX_OPTION_NUMBER)]),
          label: z.string().max(TEXT.name),
        })
        .strict(),
    ),
  })
  .strict();

export const CustomObjectInputSchema = z
  .object({
    key: z.string().min(1).max(TEXT.key),
    name: z.string().min(1).max(TEXT.name),
    pluralizedName: z.string().min(1).max(TEXT.name),
    displayNameExpression: z.string().nullable().optional(),
    subFields: z.array(z.unknown()).default([]),
  })
  .strict();

export const RelationshipInputSchema = z
  .object({
    key: z.string().min(1).max(TEXT.key),
    from: z.string().min(1).max(TEXT.key),
    to: z.string().min(1).max(TEXT.key),
    cardinality: z.enum(CARDINALITIES),
  })
  .strict();

export const CardDefinitionInputSchema = z
  .object({
    key: z.string().min(1).max(TEXT.key),
    // As long as the page layout read's {pageKey} may be (200), so every configured page can be read.
    pageKey: z.string().min(1).max(TEXT.key),
    entityType: z.enum(CONFIGURABLE_ENTITY_TYPES),
    title: z.string().max(TEXT.name),
    parentCardKey: z.string().max(TEXT.key).nullable().default(null),
    order: z.number().int().default(0),
    renderingArguments: z.record(z.string(), z.unknown()).default({}),
    displayCondition: z.string().nullable().default(null),
  })
  .strict();

export const CardSectionInputSchema = z
  .object({
    key: z.string().min(1).max(TEXT.key),
    cardKey: z.string().min(1).max(TEXT.key),
    title: z.string().max(TEXT.name),
    order: z.number().int().default(0),
    displayCondition: z.string().nullable().default(null),
  })
  .strict();

export const FieldLocationInputSchema = z
  .object({
    referenceId: z.string().min(1).max(TEXT.key),
    cardKey: z.string().min(1).max(TEXT.key),
    sectionKey: z.string().max(TEXT.key).nullable().default(null),
    order: z.number().int().default(0),
    renderingArguments: z.record(z.string(), z.unknown()).default({}),
    displayCondition: z.string().nullable().default(null),
    requiredCondition: z.string().nullable().default(null),
  })
  .strict();

const ConditionInputSchema = z.object({ expression: z.string().min(1), message: z.string().max(TEXT.name) }).strict();

/**
 * Stages accept exactly these properties (interface, Configuration facts). Their values are the stage
 * check's to judge (CONTRACT 5.4: `invalid-rating-stage`, an unused member ignored), not this reader's.
 */
const RatingStageInputSchema = z
  .object({
    stageType: z.unknown().optional(),
    raterSpec: z.unknown().optional(),
    callOncePerPath: z.boolean().optional(),
    outputPath: z.unknown().optional(),
    inputs: z.unknown().optional(),
  })
  .strict();

/** The latest first due date payment defaults may set: ten years (3,653 days) after its anchor. */
export const MAX_DAYS_AFTER = 3_653;

export const RatingWorkflowInputSchema = z
  .object({
    name: z.string().min(1).max(SENDABLE_NAME),
    stages: z.array(RatingStageInputSchema).max(MAX_LIST_ITEMS).default([]),
    warnings: z.array(ConditionInputSchema).max(MAX_LIST_ITEMS).default([]),
    preconditions: z.array(ConditionInputSchema).max(MAX_LIST_ITEMS).default([]),
    billingPreconditions: z.array(ConditionInputSchema).max(MAX_LIST_ITEMS).default([]),
  })
  .strict();

/** Labels as long as a folder or file request may send as `category` (1,000), so each one can be used. */
export const FolderCategoriesInputSchema = z.partialRecord(
  z.enum(CONFIGURABLE_ENTITY_TYPES),
  z.array(z.string().min(1).max(TEXT.name)).max(MAX_LIST_ITEMS),
);

export const FinancialsInputSchema = z
  .object({
    documentVersion: z.literal(2),
    categories: z
      .array(
        z
          .object({
            name: z.string().min(1).max(SENDABLE_NAME),
            kind: z.enum(["operating", "reserved"]),
            expectedDirection: z.enum(["payable", "receivable"]),
            deprecatedAt: z.iso.datetime({ offset: true }).nullable().default(null),
          })
          .strict(),
      )
      .max(MAX_LIST_ITEMS)
      .default([]),
    policyFinancials: z
      .object({
        lineItemTypes: z
          .array(
            z
              .object({
                // A line's label defaults to the type's name, and a sent label is at most 200.
                name: z.string().min(1).max(SENDABLE_NAME),
                direction: z.enum(["payable", "receivable"]),
                lifecycle: z.enum(["active", "deprecated"]).default("active"),
                allowedOn: z
                  .array(
                    z
                      .object({
                        invoiceType: z.string().min(1).max(SENDABLE_NAME),
                        label: z.string().max(SENDABLE_NAME).nullable().default(null),
                      })
                      .strict(),
                  )
                  .max(MAX_LIST_ITEMS)
                  .default([]),
                // CONTRACT section 7.2: the category whose accounts the type posts to, and the pricing kind
                // its lines conserve; a type with no category cannot be used on an invoice.
                category: z.string().min(1).max(SENDABLE_NAME).nullable().default(null),
                pricingKind: z.enum(PRICING_KINDS).nullable().default(null),
              })
              .strict(),
          )
          .max(MAX_LIST_ITEMS)
          .default([]),
        paymentDefaults: z
          .object({
            paymentPeriod: z.enum(["upfront", "quarterly", "monthly"]),
            firstDueDate: z
              // At most ten years after the anchor (CONTRACT 8.3: every number is bounded).
              .object({
                anchor: z.enum(["today", "effective-date"]),
                daysAfter: z.number().int().min(0).max(MAX_DAYS_AFTER),
              })
              .strict(),
            avoidWeekendSends: z.boolean().default(false),
          })
          .strict()
          .nullable()
          .default(null),
        invoiceTypes: z
          .array(
            z
              .object({
                name: z.string().min(1).max(SENDABLE_NAME),
                // Ad-hoc event invoices need a type applying to `event`, plans one applying to `policy`.
                appliesTo: z
                  .array(z.enum(INVOICE_ENTITY_TYPES))
                  .min(1)
                  .max(INVOICE_ENTITY_TYPES.length)
                  .refine((list) => new Set(list).size === list.length, "must not repeat a value")
                  .default([...INVOICE_ENTITY_TYPES]),
                payeeDefaults: z
                  .object({
                    expression: z.string().nullable().default(null),
                    allowedEntityTypes: z.array(z.enum(PAYEE_ENTITY_TYPES)).max(PAYEE_ENTITY_TYPES.length).default([]),
                  })
                  .strict()
                  .nullable()
                  .default(null),
              })
              .strict(),
          )
          .max(MAX_LIST_ITEMS)
          .default([]),
      })
      .strict()
      .default({ lineItemTypes: [], paymentDefaults: null, invoiceTypes: [] }),
  })
  .strict();
