import { insertQuoteBindingStatement } from "../../db/queries/quotes";
import { versionView } from "../../domain/policies/version-view";
import { QUOTE_TYPE_OF } from "../../domain/quotes/lifecycle";
import { bindConditionsFailed } from "../../errors/quote-refusals";
import { isRecord, type JsonObject, sameJson } from "../../lib/json";
import { runClaimingBatch, type SequenceClaims, withSequenceClaims } from "../company/owned-sequences";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { derivedValues, finishValues } from "../entities/write-pipeline/plan-values";
import { invoicePlanAnswer } from "../financials/transaction-invoice-plan";
import { peekNextPolicyNumber } from "../policies/policy-number";
import { newPolicyInvoices, newPolicyStatements, prepareNewPolicy } from "../policies/start-policy";
import { viewContextOf } from "../policies/view-context";
import { evaluateQuoteRules, type RulesSubject } from "./bind-evaluation";
import { invoicingSettings } from "./bind-invoicing";
import { type BindOptions, bookingOf, invoicingRequestOf, refuseInvoicingAccess } from "./bind-options";
import { planQuoteCreation, type QuoteCreation, quoteCreationStatements } from "./quote-creation";
import { mintBindSequences, quoteOf, quoteView } from "./quote-state";
import { ratingOf, requireWorkflow } from "./rating";

export interface BindByValueInput extends BindOptions {
  quote: JsonObject;
  ratingWorkflowName: string;
}

function subjectOf(creation: QuoteCreation, values: JsonObject, workflowName: string): RulesSubject {
  const existing = "existing" in creation.submission ? creation.submission.existing : null;
  return {
    values: { ...values, quoteType: QUOTE_TYPE_OF[existing?.type ?? "new_business"] },
    status: "inProgress",
    recordedWorkflowName: workflowName,
    submission: existing
      ? { status: existing.status, submissionPolicy: existing.row.data.submissionPolicy }
      : { status: "draft", submissionPolicy: null },
  };
}

const componentsOf = (pricing: unknown) => (isRecord(pricing) ? pricing.pricingComponents : undefined);

/**
 * Serialized in the company object. Binds a quote given by value (CONTRACT 5.6): `quote` is read as a
 * create body (required fields enforced, optional `submissionId`), rated with the workflow named (a rating
 * refusal is answered as for a rate); a `fullTermPricingInfo` sent must have the fresh rating's components
 * (else rule `rating-current`), an absent one takes the fresh pricing and rating result. When the rules
 * pass, one batch creates the quote already `bound` (number minted, `system` set), its submission (new or
 * recomputed to `bound`) and the new policy; on any failure nothing is created.
 */
export function bindQuoteByValue(ctx: OperationContext, input: BindByValueInput) {
  return withSequenceClaims(ctx, (claims) => bindByValue(ctx, input, claims));
}

async function bindByValue(ctx: OperationContext, input: BindByValueInput, claims: SequenceClaims) {
  const configuration = (await configurationOf(ctx)).document;
  // The next policy number is read beside the settings (the quote's data is not read yet: it may name its own).
  const numberPeek = peekNextPolicyNumber(ctx, undefined, claims);
  const settings = await invoicingSettings(ctx, configuration);
  refuseInvoicingAccess(ctx, settings, input);
  // The quote is read as a create body first: its 403 (locked fields) and 409 (guarded fields) come before a 400.
  const creation = await planQuoteCreation(ctx, configuration, input.quote, claims);
  const workflow = requireWorkflow(configuration, input.ratingWorkflowName);
  // Rated, checked and copied as the quote will be stored: its defaults and calculated fields (its embedded
  // exposures' too) derived first; only its sequences wait until the rules pass.
  const derived = (of: JsonObject) => derivedValues(creation.recordType, of, creation.pending, ctx.now).data;
  const rating = ratingOf(workflow, derived(creation.values), ctx.now);

  const sentPricing = Object.hasOwn(input.quote, "fullTermPricingInfo");
  const values = sentPricing
    ? creation.values
    : {
        ...creation.values,
        fullTermPricingInfo: rating.fullTermPricingInfo,
        fullTermPolicyRatingResult: rating.fullTermPolicyRatingResult,
      };
  const ratingCurrent = sentPricing
    ? sameJson(componentsOf(values.fullTermPricingInfo), rating.fullTermPricingInfo.pricingComponents)
    : undefined;
  const subject = subjectOf(creation, derived(values), workflow.name);
  const { failures, advisories, policyData, generatedPlan } = await evaluateQuoteRules(ctx, configuration, subject, {
    mode: "bind",
    settings,
    invoicing: invoicingRequestOf(input),
    ...(ratingCurrent === undefined ? {} : { ratingCurrent }),
  });
  if (failures.length) throw bindConditionsFailed(failures, "bind");

  const booking = { ...bookingOf(ctx, input), data: policyData };
  // The policy's exposures are the quote's, geocoded and screened above, derived values included: those carry over.
  const quoteExposures = Array.isArray(subject.values.exposures) ? subject.values.exposures : [];
  const continued = { exposures: quoteExposures, values: subject.values };
  const policy = await prepareNewPolicy(ctx, "NEW_BUSINESS", booking, numberPeek, claims, continued);
  // The plan is checked once the rules pass (CONTRACT 5.6): a refusal creates nothing, quoteBindErrors untouched.
  const invoices = await newPolicyInvoices(ctx, policy, input.invoicePlan ?? generatedPlan ?? undefined);
  const finished = await mintBindSequences(
    claims,
    creation.recordType,
    await finishValues(ctx, creation.recordType, values, creation.pending, claims),
  );
  const ratedAt = ctx.now.toISOString();
  const created = await quoteCreationStatements(ctx, creation, {
    values: finished,
    status: "bound",
    rating: { ratingWorkflowName: workflow.name, ratedAt },
  });
  const binding = {
    quoteId: created.row.id,
    companyId: ctx.companyId,
    submissionId: created.record.submissionId,
    policyId: policy.head.id,
    boundAt: ratedAt,
  };
  await runClaimingBatch(ctx, claims, [
    ...newPolicyStatements(ctx, policy),
    ...created.statements,
    insertQuoteBindingStatement(ctx.db, binding),
    ...(invoices?.statements ?? []),
  ]);
  const quote = quoteOf({ row: created.row, record: created.record, binding });
  return {
    quote: quoteView(configuration, quote),
    policy: { ...versionView(policy.record, await viewContextOf(ctx, policy.record)), ...invoicePlanAnswer(invoices) },
    advisories,
  };
}
