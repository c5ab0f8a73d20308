import { z } from "@hono/zod-openapi";
import { Fmv1DateSchema } from "../../domain/dates/fmv1-date-schema";
import { FINDING_SEVERITIES } from "../../domain/financials/bill-review";
import { PAYEE_ENTITY_TYPES, PRICING_KINDS } from "../../domain/financials/catalog";
import { INVOICE_STATUSES } from "../../domain/financials/invoice-ledger";
import { ACCOUNT_ROLES, DIRECTIONS, SIDES } from "../../domain/financials/ledger";
import { ErrorEnvelopeSchema } from "../../http/errors";
import { jsonContent, UuidSchema } from "../../http/route";
import { batchIdMember, boundedInteger } from "../../lib/bounded";

/** Zod schemas the financials routes share (CONTRACT section 7). */

/** Amounts are integer cents within ±10^13 (CONTRACT section 7). */
export const CENTS_LIMIT = 10_000_000_000_000;
export const Cents = boundedInteger(-CENTS_LIMIT, CENTS_LIMIT);
export const PositiveCents = boundedInteger(1, CENTS_LIMIT);
const MAX_LINES = 200;
const MAX_PLAN_ENTRIES = 100;

const uuidParam = (name: string) => UuidSchema.openapi({ param: { name, in: "path" } });
export const InvoiceIdParam = uuidParam("invoiceId");
export const PaymentIdParam = uuidParam("paymentId");
export const EventIdParam = uuidParam("eventId");
export const CategoryIdParam = uuidParam("categoryId");
export const PolicyIdParam = uuidParam("policyId");
export const JournalIdParam = uuidParam("journalId");

/** Error answers a route documents beyond the common ones, by status. */
export function errorAnswers<S extends 404 | 409 | 422 | 429>(answers: Record<S, string>) {
  const entries = Object.entries(answers).map(([status, text]) => [
    status,
    jsonContent(ErrorEnvelopeSchema, String(text)),
  ]);
  return Object.fromEntries(entries) as Record<S, ReturnType<typeof jsonContent<typeof ErrorEnvelopeSchema>>>;
}

export const NOT_FOUND = "Unknown id, or one of another company; or the financials switch is off (`NotFoundError`).";

/** `batchId` at the root of a mutation body: passed to the audit log, not validated (interface, Conventions). */
export const BatchIdMember = batchIdMember();

const DateOut = z.object({ date: z.string().openapi({ format: "date" }), timezone: z.string() });

export const PayeeSchema = z
  .object({ entityType: z.enum(PAYEE_ENTITY_TYPES), entityId: UuidSchema })
  .strict()
  .openapi("Payee", { description: "A person or organization record of the company." });

export const LineItemInput = z
  .object({
    lineItemTypeId: UuidSchema,
    amountCents: Cents,
    label: z.string().trim().min(1).max(200).optional().openapi({
      description: "Defaults to the type's `allowedOn` label for the invoice type, else the type's name.",
    }),
  })
  .strict();
export const LineItemsInput = z.array(LineItemInput).max(MAX_LINES);

export const InvoiceTypeName = z.string().min(1).max(200);

/** A plan's create entry: nothing is inferred (CONTRACT section 7.7). */
const PlanCreateEntry = z
  .object({
    invoiceType: InvoiceTypeName,
    issueDate: Fmv1DateSchema,
    dueDate: Fmv1DateSchema,
    payee: PayeeSchema,
    lineItems: LineItemsInput,
  })
  .strict();

export const InvoicePlanSchema = z
  .object({
    keep: z.array(UuidSchema).max(MAX_PLAN_ENTRIES).optional(),
    voidInvoices: z
      .array(z.object({ invoiceId: UuidSchema, headJournalId: UuidSchema }).strict())
      .max(MAX_PLAN_ENTRIES),
    createInvoices: z.array(PlanCreateEntry).max(MAX_PLAN_ENTRIES),
  })
  .strict()
  .openapi("InvoicePlan", {
    description:
      "Keep/void/create plan of a policy's invoices. `keep`, when given, must name every active invoice not " +
      "voided; voids cite the invoice's current `headJournalId`; creates give every member (a negative total is " +
      "a credit note). The policy's active invoices must conserve its pricing afterwards.",
  });

const LineItemOut = z.object({
  lineItemId: z.uuid(),
  lineItemTypeId: z.uuid(),
  label: z.string(),
  amountCents: z.number().int(),
});

const InvoicePaymentOut = z.object({
  paymentId: z.uuid(),
  amountCents: z.number().int(),
  paidOn: DateOut,
  reference: z.string().nullable(),
  createdAt: z.string(),
});

export const InvoiceSchema = z
  .object({
    id: z.uuid(),
    entityType: z.enum(["event", "policy"]),
    entityId: z.uuid(),
    policyLinked: z.boolean(),
    invoiceType: z.string(),
    categoryId: z.uuid(),
    direction: z.enum(DIRECTIONS),
    status: z.enum(INVOICE_STATUSES),
    issueDate: DateOut,
    dueDate: DateOut,
    payee: z.object({ entityType: z.enum(PAYEE_ENTITY_TYPES), entityId: z.uuid() }),
    lineItems: z.array(LineItemOut),
    totalCents: z.number().int(),
    paidCents: z.number().int(),
    owedCents: z.number().int(),
    payments: z.array(InvoicePaymentOut),
    headJournalId: z.uuid(),
    createdAt: z.string(),
    updatedAt: z.string(),
    voidedAt: z.string().nullable(),
  })
  .openapi("Invoice");

export const PaymentSchema = z
  .object({
    paymentId: z.uuid(),
    invoiceId: z.uuid().nullable(),
    eventId: z.uuid().nullable(),
    categoryId: z.uuid(),
    amountCents: z.number().int(),
    paidOn: DateOut,
    reference: z.string().nullable(),
    payee: z.object({ entityType: z.enum(PAYEE_ENTITY_TYPES), entityId: z.uuid() }).nullable(),
    journalIds: z.array(z.uuid()),
    createdAt: z.string(),
  })
  .openapi("Payment");

const BalanceRowSchema = z
  .object({
    accountId: z.uuid(),
    key: z.string().openapi({ description: "Machine key; can change when configuration is recreated." }),
    displayName: z.string(),
    role: z.enum(ACCOUNT_ROLES),
    direction: z.enum(DIRECTIONS).nullable(),
    lineItemTypeId: z.uuid().nullable(),
    amountCents: z.number().int().openapi({ description: "Signed balance on the account's carrying side." }),
  })
  .openapi("BalanceRow");

export const BalancesSchema = z
  .object({
    categories: z.array(
      z
        .object({
          categoryId: z.uuid(),
          name: z.string(),
          kind: z.enum(["operating", "reserved"]),
          expectedDirection: z.enum(DIRECTIONS),
          deprecatedAt: z.string().nullable(),
          reservesCents: z.number().int().nullable(),
          owedCents: z.number().int(),
          paidCents: z.number().int(),
          expectedTotalCents: z.number().int().nullable(),
          accounts: z.array(BalanceRowSchema),
        })
        .openapi("CategoryBalances"),
    ),
    cash: BalanceRowSchema.nullable(),
  })
  .openapi("Balances");

export const JournalEntrySchema = z
  .object({
    journalId: z.uuid(),
    kind: z.string(),
    createdAt: z.string(),
    reverses: z.uuid().nullable(),
    invoiceId: z.uuid().nullable(),
    paymentId: z.uuid().nullable(),
    scopes: z.array(z.object({ entityType: z.enum(["event", "policy", "payee"]), entityId: z.uuid() })),
    lines: z.array(
      z.object({
        accountId: z.uuid(),
        role: z.enum(ACCOUNT_ROLES),
        direction: z.enum(DIRECTIONS).nullable(),
        lineItemTypeId: z.uuid().nullable(),
        categoryId: z.uuid().nullable(),
        side: z.enum(SIDES),
        amountCents: z.number().int(),
      }),
    ),
  })
  .openapi("JournalEntry");

export const BillReviewRunSchema = z
  .object({
    runId: z.uuid(),
    invoiceId: z.uuid(),
    status: z.enum(["queued", "running", "succeeded", "failed"]),
    passed: z.boolean().nullable(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    invoiceHeadJournalId: z.uuid(),
    findings: z.array(
      z.object({
        ruleId: z.string(),
        severity: z.enum(FINDING_SEVERITIES),
        message: z.string(),
        lineItemId: z.uuid().nullable(),
      }),
    ),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .openapi("BillReviewRun");

export const FinancialConfigurationSchema = z
  .object({
    categories: z.array(
      z.object({
        categoryId: z.uuid(),
        name: z.string(),
        kind: z.enum(["operating", "reserved"]),
        expectedDirection: z.enum(DIRECTIONS),
        deprecatedAt: z.string().nullable(),
      }),
    ),
    lineItemTypes: z.array(
      z.object({
        lineItemTypeId: z.uuid(),
        name: z.string(),
        direction: z.enum(DIRECTIONS),
        lifecycle: z.enum(["active", "deprecated"]),
        category: z.string().nullable(),
        categoryId: z.uuid().nullable(),
        pricingKind: z.enum(PRICING_KINDS).nullable(),
        allowedOn: z.array(z.object({ invoiceType: z.string(), label: z.string().nullable() })),
      }),
    ),
    invoiceTypes: z.array(
      z.object({
        name: z.string(),
        appliesTo: z.array(z.enum(["event", "policy"])),
        payeeDefaults: z
          .object({ expression: z.string().nullable(), allowedEntityTypes: z.array(z.enum(PAYEE_ENTITY_TYPES)) })
          .nullable(),
      }),
    ),
    paymentDefaults: z
      .object({
        paymentPeriod: z.enum(["upfront", "quarterly", "monthly"]),
        firstDueDate: z.object({ anchor: z.enum(["today", "effective-date"]), daysAfter: z.number().int() }),
        avoidWeekendSends: z.boolean(),
      })
      .nullable(),
  })
  .openapi("FinancialConfiguration");
