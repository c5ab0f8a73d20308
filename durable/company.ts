import { DurableObject } from "cloudflare:workers";
import type { CompanyRow } from "../worker/db/queries/companies";
import { primarySession } from "../worker/db/request-session";
import type { InvoicePlan } from "../worker/domain/financials/invoice-plan";
import type { RepairRequest } from "../worker/domain/policies/repair";
import type {
  CancelRequest,
  EndorseRequest,
  ReinstateRequest,
  StartPolicyRequest,
} from "../worker/domain/policies/transactions";
import type { Env } from "../worker/env";
import type { JsonObject } from "../worker/lib/json";
import { forgetKnownSequences } from "../worker/operations/company/owned-sequences";
import { type ResetReceipt, resetCompany } from "../worker/operations/company/reset-company";
import { type CompanyChange, updateCompany } from "../worker/operations/company/update-company";
import type { CompanyMemo } from "../worker/operations/configuration/configuration-of";
import {
  type ImportRequest,
  type ImportResult,
  importConfiguration,
} from "../worker/operations/configuration/import-configuration";
import { type Call, type OperationContext, operationContext } from "../worker/operations/context";
import {
  type CreateCustomObjectInput,
  createCustomObject,
} from "../worker/operations/custom-objects/create-custom-object";
import {
  type UpdateCustomObjectInput,
  updateCustomObject,
} from "../worker/operations/custom-objects/update-custom-object";
import { type CreateRecordInput, createRecord } from "../worker/operations/entities/create-record";
import { type UpdateRecordInput, updateRecord } from "../worker/operations/entities/update-record";
import {
  GeocodeLookups,
  geocoderFor,
  LookupsNeeded,
} from "../worker/operations/entities/write-pipeline/geocode-lookups";
import { type CreateEventInput, createEvent } from "../worker/operations/events/create-event";
import { type ReplaceEventHistoryInput, replaceEventHistory } from "../worker/operations/events/replace-event-history";
import { type TransitionEventInput, transitionEvent } from "../worker/operations/events/transition-event";
import { type UpdateEventInput, updateEvent } from "../worker/operations/events/update-event";
import { type PlaceFileInput, placeUploadedFile } from "../worker/operations/files/place-uploaded-file";
import { type UpdateFileInput, updateFile } from "../worker/operations/files/update-file";
import { applyInvoiceBatch } from "../worker/operations/financials/apply-invoice-batch";
import { type CreateInvoiceInput, createInvoice } from "../worker/operations/financials/create-invoice";
import { deleteAllFinancials } from "../worker/operations/financials/delete-all-financials";
import { deleteInvoice } from "../worker/operations/financials/delete-invoice";
import { deletePayment } from "../worker/operations/financials/delete-payment";
import { judgeBillReviews } from "../worker/operations/financials/judge-bill-reviews";
import { type DirectPaymentInput, recordDirectPayment } from "../worker/operations/financials/record-direct-payment";
import { type InvoicePaymentInput, recordInvoicePayment } from "../worker/operations/financials/record-invoice-payment";
import { type SetReservesInput, setReserves } from "../worker/operations/financials/set-reserves";
import { startBillReview } from "../worker/operations/financials/start-bill-review";
import { type UpdateInvoiceInput, updateInvoice } from "../worker/operations/financials/update-invoice";
import { voidInvoice } from "../worker/operations/financials/void-invoice";
import { type CreateFolderInput, createFolder } from "../worker/operations/folders/create-folder";
import { deleteFolder } from "../worker/operations/folders/delete-folder";
import { type UpdateFolderInput, updateFolder } from "../worker/operations/folders/update-folder";
import { cancelPolicy } from "../worker/operations/policies/cancel";
import { forgetGroupReads } from "../worker/operations/policies/commit-group";
import { deleteAllPolicies } from "../worker/operations/policies/delete-all-policies";
import { endorsePolicy } from "../worker/operations/policies/endorse";
import { forgetKeptPolicies } from "../worker/operations/policies/kept-policies";
import { newBusiness } from "../worker/operations/policies/new-business";
import { reinstatePolicy } from "../worker/operations/policies/reinstate";
import { renewPolicy } from "../worker/operations/policies/renew";
import { repairPolicy } from "../worker/operations/policies/repair-policy";
import { type BindByValueInput, bindQuoteByValue } from "../worker/operations/quotes/bind-by-value";
import type { BindOptions } from "../worker/operations/quotes/bind-options";
import { bindQuote } from "../worker/operations/quotes/bind-quote";
import { cancelQuote } from "../worker/operations/quotes/cancel-quote";
import { completeQuote } from "../worker/operations/quotes/complete-quote";
import { createQuote } from "../worker/operations/quotes/create-quote";
import { type RecordRatingInput, recordRating } from "../worker/operations/quotes/record-rating";
import { type ReplaceQuoteInput, replaceQuote } from "../worker/operations/quotes/replace-quote";
import { type UpdateQuoteInput, updateQuote } from "../worker/operations/quotes/update-quote";
import { type LinkRecordsInput, linkRecords } from "../worker/operations/relationships/link-records";
import { type UnlinkRecordsInput, unlinkRecords } from "../worker/operations/relationships/unlink-records";
import { type CloseSubmissionInput, closeSubmission } from "../worker/operations/submissions/close-submission";
import {
  createLegacySubmission,
  type LegacySubmissionInput,
} from "../worker/operations/submissions/create-legacy-submission";
import { createSubmission } from "../worker/operations/submissions/create-submission";
import type { NewSubmissionInput } from "../worker/operations/submissions/new-submission";
import { reopenSubmission } from "../worker/operations/submissions/reopen-submission";
import { type UpdateSubmissionInput, updateSubmission } from "../worker/operations/submissions/update-submission";
import { EndorsementGroups } from "./endorsement-groups";
import { asJsonText, asRpcResult, type RpcResult } from "./rpc-result";
import { SerialQueue } from "./serial-queue";

/**
 * One object per company (addressed by `idFromName(companyId)`): runs the company's operations that must
 * not interleave, one at a time (lifecycle changes, resets, imports, record creates and updates, event
 * writes, links, quote and submission writes, binds, folder and file placements, policy transactions and
 * maintenance, every financial write and bill review judging). State lives in D1; each operation commits
 * as one D1 batch. Each method is one line that runs an operation from `worker/operations/` on a context
 * built from the plain-data `Call`; routes reach these methods only through `worker/company-object.ts`.
 */
export class CompanyObject extends DurableObject<Env> {
  private readonly queue = new SerialQueue();
  /** What the object keeps between operations (the configuration): forgotten when one may change it. */
  private memo: CompanyMemo = {};
  private readonly endorsements = new EndorsementGroups({
    env: this.env,
    queue: this.queue,
    memo: () => this.memo,
    alone: (call, request) => this.unqueued(call, (ctx) => endorsePolicy(ctx, request)),
  });

  /** Staff change of lifecycle and features. */
  updateCompany(call: Call, change: CompanyChange): Promise<RpcResult<CompanyRow>> {
    return this.serialized(call, (ctx) => updateCompany(ctx, change));
  }

  /** Sandbox reset: application data cleared in one batch with its audit receipt. */
  resetCompany(call: Call): Promise<RpcResult<ResetReceipt>> {
    return this.changingConfiguration(call, resetCompany);
  }

  /** Imports a configuration document: expected hashes, validation, the breaking-change gate, one write. */
  importConfiguration(call: Call, request: ImportRequest): Promise<RpcResult<ImportResult>> {
    return this.changingConfiguration(call, (ctx) => importConfiguration(ctx, request));
  }

  // Record writes run here, so none interleaves with an import's breaking-change gate (a create that loaded
  // the old configuration cannot commit after the gate counted its field unused). Creates only insert their
  // row and mint sequence numbers atomically, so they overlap one another (shared turns); updates do not.

  /** Create of an entity record (every type but the event, quote and submission). */
  createRecord(call: Call, input: CreateRecordInput) {
    return this.shared(call, (ctx) => createRecord(ctx, input));
  }

  /** Create of a custom object record. */
  createCustomObject(call: Call, input: CreateCustomObjectInput) {
    return this.shared(call, (ctx) => createCustomObject(ctx, input));
  }

  /** Partial update of an entity record (every type but the event), so concurrent updates of one record land. */
  updateRecord(call: Call, input: UpdateRecordInput) {
    return this.serialized(call, (ctx) => updateRecord(ctx, input));
  }

  /** Partial update of a custom object record. */
  updateCustomObject(call: Call, input: UpdateCustomObjectInput) {
    return this.serialized(call, (ctx) => updateCustomObject(ctx, input));
  }

  // Every write of an event row (`writeEvent`) runs here, one at a time per company, links included.

  /** Event create through the entity routes. */
  createEvent(call: Call, input: CreateEventInput) {
    return this.serialized(call, (ctx) => createEvent(ctx, input));
  }

  /** Event partial update through the entity routes. */
  updateEvent(call: Call, input: UpdateEventInput) {
    return this.serialized(call, (ctx) => updateEvent(ctx, input));
  }

  /** Close or reopen an event: one appended history entry, status and close date in one write. */
  transitionEvent(call: Call, input: TransitionEventInput) {
    return this.serialized(call, (ctx) => transitionEvent(ctx, input));
  }

  /** Replace an event's whole open/close history. */
  replaceEventHistory(call: Call, input: ReplaceEventHistoryInput) {
    return this.serialized(call, (ctx) => replaceEventHistory(ctx, input));
  }

  /** Link two records; a link involving an event renames it. */
  linkRecords(call: Call, input: LinkRecordsInput) {
    return this.serialized(call, (ctx) => linkRecords(ctx, input));
  }

  /** Unlink two records; an unlink involving an event renames it. */
  unlinkRecords(call: Call, input: UnlinkRecordsInput) {
    return this.serialized(call, (ctx) => unlinkRecords(ctx, input));
  }

  // Folder creates, moves and deletes and file placements run one at a time (CONTRACT section 6, Folders).

  /** Create a folder (a record's, or a company folder). */
  createFolder(call: Call, input: CreateFolderInput) {
    return this.serialized(call, (ctx) => createFolder(ctx, input));
  }

  /** Rename, move or recategorise a folder; a move that would form a cycle is refused. */
  updateFolder(call: Call, input: UpdateFolderInput) {
    return this.serialized(call, (ctx) => updateFolder(ctx, input));
  }

  /** Delete an empty folder. */
  deleteFolder(call: Call, folderId: string) {
    return this.serialized(call, (ctx) => deleteFolder(ctx, folderId));
  }

  /** Write the row of an uploaded file whose object is stored. */
  placeUploadedFile(call: Call, input: PlaceFileInput) {
    return this.serialized(call, (ctx) => placeUploadedFile(ctx, input));
  }

  /** Rename, move or recategorise a file. */
  updateFile(call: Call, input: UpdateFileInput) {
    return this.serialized(call, (ctx) => updateFile(ctx, input));
  }

  // Every write of a quote or submission runs here, one at a time per company, each one D1 batch.

  /** Quote create through the entity routes (a new submission with it when none is named). */
  createQuote(call: Call, input: { body: JsonObject }) {
    return this.serialized(call, (ctx) => createQuote(ctx, input));
  }

  /** Quote partial update through the entity routes. */
  updateQuote(call: Call, input: UpdateQuoteInput) {
    return this.serialized(call, (ctx) => updateQuote(ctx, input));
  }

  /** `PUT X/quotes/{quoteId}`: the whole field bag replaced. */
  replaceQuote(call: Call, input: ReplaceQuoteInput) {
    return this.serialized(call, (ctx) => replaceQuote(ctx, input));
  }

  completeQuote(call: Call, input: { quoteId: string }) {
    return this.serialized(call, (ctx) => completeQuote(ctx, input));
  }

  /** Cancel a quote; its submission's status is recomputed in the same write. */
  cancelQuote(call: Call, input: { quoteId: string }) {
    return this.serialized(call, (ctx) => cancelQuote(ctx, input));
  }

  /** The workflow and time of a rate by id, computed outside, recorded once the quote is still editable. */
  recordQuoteRating(call: Call, input: RecordRatingInput) {
    return this.serialized(call, (ctx) => recordRating(ctx, input));
  }

  /** Bind a persisted quote: new business, the bound quote and submission in one write. */
  bindQuote(call: Call, input: { quoteId: string } & BindOptions) {
    return this.serializedText(call, (ctx) => bindQuote(ctx, input));
  }

  /** Bind a quote given by value: the quote, its submission and the policy created together. */
  bindQuoteByValue(call: Call, input: BindByValueInput) {
    return this.serializedText(call, (ctx) => bindQuoteByValue(ctx, input));
  }

  /** Submission create through the entity routes. */
  createSubmission(call: Call, input: NewSubmissionInput) {
    return this.serialized(call, (ctx) => createSubmission(ctx, input));
  }

  /** `POST O/submissions`. */
  createLegacySubmission(call: Call, input: LegacySubmissionInput) {
    return this.serialized(call, (ctx) => createLegacySubmission(ctx, input));
  }

  /** Submission partial update through the entity routes. */
  updateSubmission(call: Call, input: UpdateSubmissionInput) {
    return this.serialized(call, (ctx) => updateSubmission(ctx, input));
  }

  /** Close a submission: its active quotes cancelled in the same write. */
  closeSubmission(call: Call, input: CloseSubmissionInput) {
    return this.serialized(call, (ctx) => closeSubmission(ctx, input));
  }

  reopenSubmission(call: Call, input: { submissionId: string }) {
    return this.serialized(call, (ctx) => reopenSubmission(ctx, input));
  }

  // Policy transactions: each writes one new version (a new policy for new business and renewals).

  newBusiness(call: Call, request: StartPolicyRequest) {
    return this.serialized(call, (ctx) => newBusiness(ctx, request));
  }

  renewPolicy(call: Call, request: StartPolicyRequest) {
    return this.serialized(call, (ctx) => renewPolicy(ctx, request));
  }

  /**
   * Endorsements without an invoice plan commit in groups (`EndorsementGroups`); with one, on their own. The
   * answer crosses to the worker as its JSON text (`asJsonText`), which the route sends unchanged.
   */
  async endorsePolicy(call: Call, request: EndorseRequest) {
    const result =
      request.invoicePlan !== undefined
        ? await this.serialized(call, (ctx) => endorsePolicy(ctx, request))
        : await this.endorsements.submit(call, request);
    return asJsonText(result);
  }

  cancelPolicy(call: Call, request: CancelRequest) {
    return this.serialized(call, (ctx) => cancelPolicy(ctx, request));
  }

  reinstatePolicy(call: Call, request: ReinstateRequest) {
    return this.serialized(call, (ctx) => reinstatePolicy(ctx, request));
  }

  /** Sandbox wipe of every policy, serialized with the policy transactions it must not interleave with. */
  deleteAllPolicies(call: Call) {
    return this.changingPolicies(call, deleteAllPolicies);
  }

  /** Staff repair of a policy's stored data, serialized with the policy transactions. */
  repairPolicy(call: Call, request: RepairRequest) {
    return this.changingPolicies(call, (ctx) => repairPolicy(ctx, request));
  }

  // Financials: every money write of the company runs here, one at a time, and commits as one D1 batch.

  setReserves(call: Call, input: SetReservesInput) {
    return this.serialized(call, (ctx) => setReserves(ctx, input));
  }

  recordDirectPayment(call: Call, input: DirectPaymentInput) {
    return this.serializedText(call, (ctx) => recordDirectPayment(ctx, input));
  }

  deletePayment(call: Call, paymentId: string) {
    return this.serialized(call, (ctx) => deletePayment(ctx, paymentId));
  }

  createInvoice(call: Call, input: CreateInvoiceInput) {
    return this.serializedText(call, (ctx) => createInvoice(ctx, input));
  }

  updateInvoice(call: Call, input: UpdateInvoiceInput) {
    return this.serialized(call, (ctx) => updateInvoice(ctx, input));
  }

  voidInvoice(call: Call, input: { invoiceId: string; headJournalId?: string | undefined }) {
    return this.serialized(call, (ctx) => voidInvoice(ctx, input));
  }

  deleteInvoice(call: Call, invoiceId: string) {
    return this.serialized(call, (ctx) => deleteInvoice(ctx, invoiceId));
  }

  recordInvoicePayment(call: Call, input: InvoicePaymentInput) {
    return this.serializedText(call, (ctx) => recordInvoicePayment(ctx, input));
  }

  /** A policy's invoice plan, serialized with the policy transactions whose pricing it conserves against. */
  applyInvoiceBatch(call: Call, input: { policyId: string; plan: InvoicePlan }) {
    return this.serialized(call, (ctx) => applyInvoiceBatch(ctx, input));
  }

  /** Start of a bill review run: the capacity check and the insert must not interleave. */
  startBillReview(call: Call, invoiceId: string) {
    return this.serialized(call, (ctx) => startBillReview(ctx, invoiceId));
  }

  /** Judges the company's queued bill review runs (every queue delivery lands here). */
  judgeBillReviews(call: Call) {
    return this.serialized(call, judgeBillReviews);
  }

  /** Sandbox wipe of every financial record. */
  deleteAllFinancials(call: Call) {
    return this.serialized(call, deleteAllFinancials);
  }

  /** Runs one operation after every earlier one of this company has finished (see SerialQueue). */
  private serialized<T>(call: Call, operation: (ctx: OperationContext) => Promise<T>): Promise<RpcResult<T>> {
    return this.lookingUpBetweenTurns((lookups) =>
      this.queue.run(() => {
        // Any exclusive operation may change what commit groups keep (the company's row, a policy's invoices).
        forgetGroupReads(this.memo);
        return this.unqueued(call, operation, lookups);
      }),
    );
  }

  /** `serialized`, its answer sent as JSON text (`asJsonText`): for the large answers of binds and money writes. */
  private async serializedText<T>(call: Call, operation: (ctx: OperationContext) => Promise<T>) {
    return asJsonText(await this.serialized(call, operation));
  }

  /** Runs one operation beside the other shared ones, never beside a serialized one (see SerialQueue). */
  private shared<T>(call: Call, operation: (ctx: OperationContext) => Promise<T>): Promise<RpcResult<T>> {
    return this.lookingUpBetweenTurns((lookups) => this.queue.runShared(() => this.unqueued(call, operation, lookups)));
  }

  /**
   * Runs a call's turn until it needs no geocoder lookup it does not know: a turn that needs some ends without
   * writing (`LookupsNeeded`), they are made outside the queue, and the call takes a new turn, so no other
   * write of the company waits on the geocoder. The last turn allowed looks up what it still misses itself
   * (a record changed between turns so that other addresses need it).
   */
  private async lookingUpBetweenTurns<T>(turn: (lookups: GeocodeLookups) => Promise<RpcResult<T>>) {
    const lookups = new GeocodeLookups();
    for (;;) {
      lookups.beginTurn();
      const result = await turn(lookups);
      if (!lookups.pending) return result;
      await lookups.lookUpNeeded(geocoderFor(this.env));
    }
  }

  /** Runs one operation now: only from a turn of the queue. A run that ends for lookups answers nothing. */
  private unqueued<T>(
    call: Call,
    operation: (ctx: OperationContext) => Promise<T>,
    geocodeLookups?: GeocodeLookups,
  ): Promise<RpcResult<T>> {
    // Each operation's reads start at the primary (never a replica behind an earlier commit of this object).
    const session = primarySession(this.env.DB);
    const ctx = { ...operationContext(this.env, call, new Date(), this.memo, session.d1), geocodeLookups };
    return asRpcResult(
      () =>
        operation(ctx).catch((error) => {
          if (error instanceof LookupsNeeded) return undefined as T;
          throw error;
        }),
      session.bookmark,
    );
  }

  /** An operation that writes policy rows outside a transaction: the object forgets the policies it kept. */
  private changingPolicies<T>(call: Call, operation: (ctx: OperationContext) => Promise<T>) {
    return this.serialized(call, async (ctx) => {
      try {
        return await operation(ctx);
      } finally {
        forgetKeptPolicies(this.memo);
        forgetKnownSequences(this.memo);
      }
    });
  }

  /** An operation that may change the configuration: the object forgets what it kept, whatever the outcome. */
  private changingConfiguration<T>(call: Call, operation: (ctx: OperationContext) => Promise<T>) {
    return this.serialized(call, async (ctx) => {
      try {
        return await operation(ctx);
      } finally {
        this.memo = {};
      }
    });
  }
}
