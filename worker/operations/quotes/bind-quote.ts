import { insertQuoteBindingStatement } from "../../db/queries/quotes";
import { entityRecordType } from "../../domain/entities/record-type";
import { versionView } from "../../domain/policies/version-view";
import { bindErrorsOf } from "../../domain/quotes/bind-rules";
import { quoteTransition } from "../../domain/quotes/lifecycle";
import { notFound } from "../../errors/api-error";
import { bindConditionsFailed, invalidLifecycleTransition } from "../../errors/quote-refusals";
import { started } from "../../lib/started";
import { runClaimingBatch, type SequenceClaims, withSequenceClaims } from "../company/owned-sequences";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { invoicePlanAnswer } from "../financials/transaction-invoice-plan";
import { peekNextPolicyNumber } from "../policies/policy-number";
import { newPolicyInvoices, newPolicyStatements, prepareNewPolicy } from "../policies/start-policy";
import { viewContextOf } from "../policies/view-context";
import { saveSubmissionStatements, statusWith } from "../submissions/submission-state";
import { evaluateQuoteRules, persistedSubject, submissionReadsOfQuote } from "./bind-evaluation";
import { invoicingSettings } from "./bind-invoicing";
import { type BindOptions, bookingOf, invoicingRequestOf, refuseInvoicingAccess } from "./bind-options";
import { mintBindSequences, quoteView, requireQuote, saveQuoteStatement } from "./quote-state";

/**
 * Serialized in the company object. Binds a persisted quote (CONTRACT 5.6): the rules on the stored values
 * (never on an earlier rate answer); a quote that is not `inProgress` or `complete` is 409
 * `InvalidLifecycleTransition`; any other failure is 409 `BindConditionsFailed`, stored in `quoteBindErrors`
 * without moving `updatedAt`. On success one batch writes new business from the quote (through
 * `prepareNewPolicy` and `newPolicyStatements`, as `POST P/policies/transaction/new-business` does), the
 * bound quote (bind Sequence fields minted, `quoteBindErrors` emptied), its binding and its bound
 * submission. The binding's unique quote and submission make a second bind's batch fail whole.
 */
export function bindQuote(ctx: OperationContext, input: { quoteId: string } & BindOptions) {
  return withSequenceClaims(ctx, (claims) => bindStoredQuote(ctx, input, claims));
}

async function bindStoredQuote(
  ctx: OperationContext,
  input: { quoteId: string } & BindOptions,
  claims: SequenceClaims,
) {
  const configuration = (await configurationOf(ctx)).document;
  // The settings, the quote and the next policy number in one round trip; the settings' refusals still come
  // first (the quote's data is not read yet: it may name its own number).
  const numberPeek = peekNextPolicyNumber(ctx, undefined, claims);
  const settingsRead = started(invoicingSettings(ctx, configuration));
  const quoteRead = started(requireQuote(ctx, input.quoteId));
  // The submission and its quotes (the rules read the first, its bound status both), by the quote's id.
  const submissionReads = submissionReadsOfQuote(ctx, input.quoteId);
  const settings = await settingsRead();
  refuseInvoicingAccess(ctx, settings, input);
  const quote = await quoteRead();
  const to = quoteTransition(quote.status, "bind");
  if (!to) throw invalidLifecycleTransition("quote", quote.status, "bind");

  const [submission, siblings] = await submissionReads(quote);
  const subject = persistedSubject(configuration, quote, submission);
  const { failures, advisories, policyData, generatedPlan } = await evaluateQuoteRules(ctx, configuration, subject, {
    mode: "bind",
    settings,
    invoicing: invoicingRequestOf(input),
  });
  if (failures.length) {
    const data = { ...quote.row.data, quoteBindErrors: bindErrorsOf(failures) };
    await saveQuoteStatement(ctx, quote.row, data, quote.row.updatedAt).statement;
    throw bindConditionsFailed(failures, "bind");
  }

  const booking = { ...bookingOf(ctx, input), data: policyData };
  // The policy's exposures are the quote's stored ones: their geocodes and screenings carry over.
  const quoteExposures = Array.isArray(quote.row.data.exposures) ? quote.row.data.exposures : [];
  const continued = { exposures: quoteExposures, values: quote.row.data };
  const policy = await prepareNewPolicy(ctx, "NEW_BUSINESS", booking, numberPeek, claims, continued);
  // The plan is checked once the rules pass (CONTRACT 5.6): a refusal creates nothing, quoteBindErrors untouched.
  const invoices = await newPolicyInvoices(ctx, policy, input.invoicePlan ?? generatedPlan ?? undefined);
  const recordType = entityRecordType(configuration, "quote");
  const data = await mintBindSequences(claims, recordType, { ...quote.row.data, quoteStatus: to, quoteBindErrors: [] });
  const boundAt = ctx.now.toISOString();
  const saved = saveQuoteStatement(ctx, quote.row, data, boundAt);
  // A quote without a submission predates the lifecycle; its quote-type rule fails, so it never gets here.
  const submissionId = quote.submissionId ?? quote.row.id;
  const binding = { quoteId: quote.row.id, companyId: ctx.companyId, submissionId, policyId: policy.head.id, boundAt };
  if (quote.submissionId && !submission) throw notFound();
  const submissionStatements = submission
    ? saveSubmissionStatements(ctx, submission, {
        data: {
          ...submission.row.data,
          submissionStatus: statusWith(submission, siblings, new Map([[quote.row.id, to]])),
        },
      }).statements
    : [];
  await runClaimingBatch(ctx, claims, [
    ...newPolicyStatements(ctx, policy),
    saved.statement,
    insertQuoteBindingStatement(ctx.db, binding),
    ...(invoices?.statements ?? []),
    ...submissionStatements,
  ]);
  return {
    quote: quoteView(configuration, { ...quote, row: saved.row, status: to, policyId: policy.head.id }),
    policy: { ...versionView(policy.record, await viewContextOf(ctx, policy.record)), ...invoicePlanAnswer(invoices) },
    advisories,
  };
}
