import { MAX_HISTORY_ENTRIES } from "../entities/platform-values";
import { MAX_EVENT_NAME_LENGTH } from "../events/event-name";
import type { SubField, TypeInfo } from "./document";
import { DATE_VALUE_SCHEMA, type JsonSchema } from "./json-schema-shapes";
import { platformFieldIds } from "./platform-fields";

/**
 * How the platform fields (platform-fields.ts) read in the entity configuration and on pages when no
 * configuration declares them, and which of their marks the interface fixes even when one does.
 */
export interface PlatformField {
  /** The field as if it were configured; its schema is built like any configured field's. */
  definition: SubField;
  /** Schema members the kind alone cannot say (an enum, null, an array), replacing the built ones. */
  shape?: JsonSchema;
  /** Marks fixed by the interface: kept when a configuration declares the field itself. */
  fixed: JsonSchema;
}

function definition(
  referenceId: string,
  label: string,
  typeInfo: TypeInfo,
  description: string | null = null,
  readOnly = false,
): SubField {
  return {
    referenceId,
    label,
    description,
    typeInfo,
    required: false,
    readOnly,
    writePermission: null,
    computedDefault: null,
    generatedAt: null,
  };
}

const PLATFORM = { "x-platform": true };
const READ_ONLY = { ...PLATFORM, readOnly: true };
const GUARDED_STATUS = { ...PLATFORM, "x-guarded-status": true };

const readOnlyText = (referenceId: string, label: string, description: string): PlatformField => ({
  definition: definition(referenceId, label, { kind: "String" }, description, true),
  fixed: READ_ONLY,
});

/** Lifecycle dates derived from the open/close history; a value sent is ignored. */
const lifecycleDate = (referenceId: string, label: string, description: string): PlatformField => ({
  definition: definition(
    referenceId,
    label,
    { kind: "Date" },
    `${description} Derived from the open/close history; a value sent is ignored.`,
    true,
  ),
  shape: { type: ["object", "null"] },
  fixed: READ_ONLY,
});

const QUOTE_LIFECYCLE = "Quote lifecycle field kept by the platform; never written by a caller.";

const PLATFORM_FIELDS: Record<string, PlatformField> = {
  eventStatus: {
    definition: definition(
      "eventStatus",
      "Event status",
      { kind: "Select" },
      "Set when the event is created; afterwards changed only through POST /events/{eventId}/close and POST " +
        "/events/{eventId}/reopen (a generic update changing it answers 409 GuardedStatusFieldWrite).",
    ),
    shape: { type: "string", enum: ["open", "closed"] },
    fixed: GUARDED_STATUS,
  },
  eventName: readOnlyText(
    "eventName",
    "Event name",
    "Recomputed on every save from the linked exposures and claimant; a value sent is ignored. userSetEventName " +
      "takes precedence while set.",
  ),
  userSetEventName: {
    definition: definition(
      "userSetEventName",
      "Event name (set by user)",
      { kind: "String" },
      "Takes precedence over the derived eventName while set; null returns the name to the derivation.",
    ),
    shape: { type: ["string", "null"] },
    // Writes cap event names at 1,000 characters whether or not the configuration declares the field.
    fixed: { ...PLATFORM, maxLength: MAX_EVENT_NAME_LENGTH },
  },
  eventOpenCloseHistory: {
    definition: definition(
      "eventOpenCloseHistory",
      "Open/close history",
      {
        kind: "Group",
        subFields: [
          definition("action", "Action", { kind: "Select" }),
          definition("effectiveOnDate", "Effective on", { kind: "Date" }),
        ],
      },
      "Log of open and close entries, appended by close and reopen and replaced whole through PUT " +
        "/events/{eventId}/open-close-history; the event's lifecycle dates derive from it.",
    ),
    shape: {
      type: "array",
      maxItems: MAX_HISTORY_ENTRIES,
      items: {
        type: "object",
        properties: { action: { type: "string", enum: ["open", "close"] }, effectiveOnDate: DATE_VALUE_SCHEMA },
        required: ["action", "effectiveOnDate"],
        additionalProperties: false,
      },
    },
    fixed: PLATFORM,
  },
  eventOpenedOn: lifecycleDate("eventOpenedOn", "Opened on", "The first opening in the open/close history."),
  eventClosedOn: lifecycleDate("eventClosedOn", "Closed on", "The close in force; null while the event is open."),
  eventReopenedOn: lifecycleDate("eventReopenedOn", "Re-opened on", "The latest reopening, if any."),
  eventPreviouslyClosedOn: lifecycleDate(
    "eventPreviouslyClosedOn",
    "Previously closed on",
    "The latest close that a reopening reversed, if any.",
  ),
  quoteType: readOnlyText("quoteType", "Quote type", QUOTE_LIFECYCLE),
  quoteStatus: readOnlyText("quoteStatus", "Quote status", QUOTE_LIFECYCLE),
  quoteNumber: readOnlyText("quoteNumber", "Quote number", QUOTE_LIFECYCLE),
  quoteBindErrors: {
    definition: definition("quoteBindErrors", "Bind errors", { kind: "String" }, QUOTE_LIFECYCLE, true),
    shape: { type: "array", items: { type: "string" } },
    fixed: READ_ONLY,
  },
  quoteSubmissionId: {
    definition: definition("quoteSubmissionId", "Submission", { kind: "String" }, QUOTE_LIFECYCLE, true),
    shape: { type: "string", format: "uuid" },
    fixed: READ_ONLY,
  },
  fullTermPricingInfo: {
    definition: definition(
      "fullTermPricingInfo",
      "Full-term pricing",
      { kind: "String" },
      "The pricing contract {pricingComponents, premium, taxes, fees, brokerCommission, programCommission}; " +
        "rollups are recomputed from the components. Copy it from a rate answer before binding.",
    ),
    shape: { type: ["object", "null"] },
    fixed: PLATFORM,
  },
  fullTermPolicyRatingResult: {
    definition: definition(
      "fullTermPolicyRatingResult",
      "Full-term rating result",
      { kind: "String" },
      "{policyPremium, policyTaxes, policyFees, policyGrandTotal}; set to null by a write that changes " +
        "fullTermPricingInfo without sending it.",
    ),
    shape: { type: ["object", "null"] },
    fixed: PLATFORM,
  },
  submissionStatus: {
    definition: definition(
      "submissionStatus",
      "Submission status",
      { kind: "String" },
      "An intake status (draft, submitted, under_review, declined) is set on create and by an update; quoted " +
        "and bound follow the submission's quotes; closed is reached through POST /submissions/{submissionId}/close " +
        "and left through /reopen.",
    ),
    shape: { type: "string", enum: ["draft", "submitted", "under_review", "declined", "quoted", "bound", "closed"] },
    fixed: GUARDED_STATUS,
  },
  submissionType: {
    definition: definition(
      "submissionType",
      "Submission type",
      { kind: "String" },
      "new_business (default), renewal or endorsement; set on create, never changed.",
    ),
    shape: { type: "string", enum: ["new_business", "renewal", "endorsement"] },
    fixed: PLATFORM,
  },
  submissionName: {
    definition: definition("submissionName", "Submission name", { kind: "String" }),
    shape: { type: ["string", "null"] },
    fixed: PLATFORM,
  },
  submissionNumber: readOnlyText("submissionNumber", "Submission number", "S + 8 digits, minted at create."),
  submissionPolicy: {
    definition: definition(
      "submissionPolicy",
      "Submission policy",
      { kind: "String" },
      "{policyNumber, policyType, policyStartDate, policyEndDate} from the oldest family's create, else null.",
      true,
    ),
    shape: { type: ["object", "null"] },
    fixed: READ_ONLY,
  },
  submissionCloseReason: readOnlyText("submissionCloseReason", "Close reason", "Stamped by close, cleared by reopen."),
  submissionCloseExplanation: readOnlyText(
    "submissionCloseExplanation",
    "Close explanation",
    "Stamped by close, cleared by reopen.",
  ),
  submissionClosedAt: readOnlyText("submissionClosedAt", "Closed at", "Stamped by close, cleared by reopen."),
  policyNumber: {
    definition: definition(
      "policyNumber",
      "Policy number",
      { kind: "String" },
      "Taken from the new-business data when sent, minted by the platform otherwise.",
    ),
    fixed: PLATFORM,
  },
  policyStartDate: {
    definition: definition("policyStartDate", "Policy start date", { kind: "Date" }),
    fixed: PLATFORM,
  },
  policyEndDate: { definition: definition("policyEndDate", "Policy end date", { kind: "Date" }), fixed: PLATFORM },
  primaryInsuredName: readOnlyText(
    "primaryInsuredName",
    "Primary insured",
    "Derived from the policy's exposures; never sent.",
  ),
  primaryInsuredId: readOnlyText(
    "primaryInsuredId",
    "Primary insured id",
    "Derived from the policy's exposures; never sent.",
  ),
  previousPolicy: {
    definition: definition(
      "previousPolicy",
      "Previous policy",
      { kind: "String" },
      "The renewed policy's id (relationship Policy<N:1:previousPolicy>Policy).",
    ),
    shape: { type: "string", format: "uuid" },
    fixed: PLATFORM,
  },
};

const platformFieldNamed = (referenceId: string): PlatformField =>
  PLATFORM_FIELDS[referenceId] ?? {
    definition: definition(referenceId, referenceId, { kind: "String" }),
    fixed: PLATFORM,
  };

/** The platform fields of an entity type, in the order platform-fields.ts lists them. */
export function platformFieldsOf(entityType: string): PlatformField[] {
  return platformFieldIds(entityType).map(platformFieldNamed);
}

/** The platform field `referenceId` of an entity type, or null when the platform defines no such field. */
export function platformField(entityType: string, referenceId: string): PlatformField | null {
  return platformFieldIds(entityType).includes(referenceId) ? platformFieldNamed(referenceId) : null;
}
