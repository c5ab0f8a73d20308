import { z } from "@hono/zod-openapi";
import type { FormLogicRuleRow, FormTemplateRow, GeneratedFormRow } from "../../db/queries/forms";
import { FORM_ENTITY_TYPES, formNumberProblem } from "../../domain/forms/form-number";
import { companyParams, UuidSchema } from "../../http/route";
import { BatchIdMember, boundedText, NAMES_SOMETHING, namesSomething } from "../attachments/schemas";

export const TAGS = ["Forms"];

const NUMBER_RULE =
  "1 to 64 characters from letters, digits, space, `.`, `_`, `-`, starting with a letter or digit; " +
  "case-sensitive; `generated` in any letter case is reserved. Percent-encoded in paths (`CG%2000%2001`).";

/** A form number as written in bodies and paths (CONTRACT section 6, Forms). */
export const FormNumberSchema = z
  .string()
  .max(64)
  .superRefine((number, ctx) => {
    const problem = formNumberProblem(number);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .openapi({ description: NUMBER_RULE, minLength: 1, maxLength: 64, example: "CG 00 01" });

/** A form number used as a filter: matched as text, never refused for its spelling. */
export const FormNumberFilter = z
  .string()
  .max(64)
  .optional()
  .openapi({ description: "Exact form number, matched as text (an unknown number lists nothing)." });

const FormEntityTypeSchema = z.enum(FORM_ENTITY_TYPES).openapi({ description: "`quote` or `policy`." });

const Name = boundedText(255, { min: 1, notBlank: true }).openapi({ description: "1 to 255 characters, not blank." });
const Edition = boundedText(255).nullable().openapi({ description: "Edition (such as `04 13`), or null." });
const Description = boundedText(20_000).nullable().openapi({ description: "Up to 20,000 characters, or null." });

export const FormTemplateSchema = z
  .object({
    number: z.string(),
    name: z.string(),
    edition: z.string().nullable(),
    description: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("FormTemplate");

export const CreateTemplateBodySchema = z
  .strictObject({
    number: FormNumberSchema,
    name: Name,
    edition: Edition.optional(),
    description: Description.optional(),
    ...BatchIdMember,
  })
  .openapi("CreateFormTemplateRequest");

export const UpdateTemplateBodySchema = z
  .strictObject({
    name: Name.optional(),
    edition: Edition.optional(),
    description: Description.optional(),
    ...BatchIdMember,
  })
  .refine(namesSomething, NAMES_SOMETHING)
  .openapi("UpdateFormTemplateRequest");

export const FormLogicRuleSchema = z
  .object({
    id: z.uuid(),
    formNumber: z.string(),
    entityType: FormEntityTypeSchema,
    name: z.string(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
  })
  .openapi("FormLogicRule");

export const CreateRuleBodySchema = z
  .strictObject({ formNumber: FormNumberSchema, entityType: FormEntityTypeSchema, name: Name, ...BatchIdMember })
  .openapi("CreateFormLogicRuleRequest");

export const GeneratedFormSchema = z
  .object({
    id: z.uuid(),
    formNumber: z.string(),
    formName: z.string(),
    entityType: FormEntityTypeSchema,
    entityId: z.uuid(),
    bound: z.literal(false).openapi({ description: "Deprecated; always false, whatever the quote or policy state." }),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
  })
  .openapi("GeneratedForm");

export const RecordGeneratedFormBodySchema = z
  .strictObject({
    formNumber: FormNumberSchema,
    entityType: FormEntityTypeSchema,
    entityId: UuidSchema.openapi({ description: "The quote or policy (by policy id)." }),
    ...BatchIdMember,
  })
  .openapi("RecordGeneratedFormRequest");

export const GeneratedFormFilterQuery = {
  entityType: FormEntityTypeSchema.optional(),
  entityId: UuidSchema.optional(),
  formNumber: FormNumberFilter,
};

export const templateParams = companyParams({
  number: FormNumberSchema.openapi({ param: { name: "number", in: "path" } }),
});
export const ruleParams = companyParams({ ruleId: UuidSchema.openapi({ param: { name: "ruleId", in: "path" } }) });

export const templateView = (row: FormTemplateRow) => ({
  number: row.number,
  name: row.name,
  edition: row.edition,
  description: row.description,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export const ruleView = (row: FormLogicRuleRow) => ({
  id: row.id,
  formNumber: row.formNumber,
  entityType: row.entityType as (typeof FORM_ENTITY_TYPES)[number],
  name: row.name,
  createdAt: row.createdAt,
  createdBy: row.createdBy,
});

export const generatedFormView = (row: GeneratedFormRow) => ({
  id: row.id,
  formNumber: row.formNumber,
  formName: row.formName,
  entityType: row.entityType as (typeof FORM_ENTITY_TYPES)[number],
  entityId: row.entityId,
  bound: false as const,
  createdAt: row.createdAt,
  createdBy: row.createdBy,
});
