import { DurableObject } from "cloudflare:workers";
import { database } from "../worker/db/client";
import type { CompanyRow } from "../worker/db/queries/companies";
import type { TransactionActor, TransactionRequest } from "../worker/domain/policies/transactions";
import type { Env } from "../worker/env";
import { type ResetReceipt, resetCompany } from "../worker/operations/company/reset-company";
import { type CompanyChange, updateCompany } from "../worker/operations/company/update-company";
import {
  type ImportRequest,
  type ImportResult,
  importConfiguration,
} from "../worker/operations/configuration/import-configuration";
import { type Call, type OperationContext, operationContext } from "../worker/operations/context";
import { type CreateEventInput, createEvent } from "../worker/operations/events/create-event";
import { type ReplaceEventHistoryInput, replaceEventHistory } from "../worker/operations/events/replace-event-history";
import { type TransitionEventInput, transitionEvent } from "../worker/operations/events/transition-event";
import { type UpdateEventInput, updateEvent } from "../worker/operations/events/update-event";
import { type PlaceFileInput, placeUploadedFile } from "../worker/operations/files/place-uploaded-file";
import { type UpdateFileInput, updateFile } from "../worker/operations/files/update-file";
import { type CreateFolderInput, createFolder } from "../worker/operations/folders/create-folder";
import { deleteFolder } from "../worker/operations/folders/delete-folder";
import { type UpdateFolderInput, updateFolder } from "../worker/operations/folders/update-folder";
import { type LinkRecordsInput, linkRecords } from "../worker/operations/relationships/link-records";
import { type UnlinkRecordsInput, unlinkRecords } from "../worker/operations/relationships/unlink-records";
import {
  type MaintenanceActor,
  type PolicyMaintenanceOutcome,
  type PolicyMaintenanceRequest,
  runPolicyMaintenance,
} from "../worker/services/policy-repair";
import { type PolicyVersionView, runPolicyTransaction } from "./policy-transactions";
import { asRpcResult, type RpcResult } from "./rpc-result";
import { SerialQueue } from "./serial-queue";

/**
 * One object per company (addressed by `idFromName(companyId)`): serializes the company's lifecycle
 * transitions, resets, every write of an event row and the link changes that rename events, policy
 * transactions and bill-review runs. State lives in D1; each operation commits as one D1 batch.
 */
export class CompanyObject extends DurableObject<Env> {
  private readonly queue = new SerialQueue();

  private get db() {
    return database(this.env.DB);
  }

  /** Staff change of lifecycle and features. */
  updateCompany(call: Call, change: CompanyChange): Promise<RpcResult<CompanyRow>> {
    return this.serialized(call, (ctx) => updateCompany(ctx, change));
  }

  /** Sandbox reset: application data cleared in one batch with its audit receipt. */
  resetCompany(call: Call): Promise<RpcResult<ResetReceipt>> {
    return this.serialized(call, resetCompany);
  }

  /** Imports a configuration document: expected hashes, validation, the breaking-change gate, one write. */
  importConfiguration(call: Call, request: ImportRequest): Promise<RpcResult<ImportResult>> {
    return this.serialized(call, (ctx) => importConfiguration(ctx, request));
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

  /** One policy transaction: new business, endorse, cancel, reinstate or renew (one new version). */
  async policyTransaction(
    companyId: string,
    request: TransactionRequest,
    actor: TransactionActor,
  ): Promise<RpcResult<PolicyVersionView>> {
    return asRpcResult(() => this.queue.run(() => runPolicyTransaction(this.db, companyId, request, actor)));
  }

  /** Policy deleteAll and staff repairs, serialized with the policy transactions they must not interleave with. */
  async policyMaintenance(
    companyId: string,
    request: PolicyMaintenanceRequest,
    actor: MaintenanceActor,
  ): Promise<RpcResult<PolicyMaintenanceOutcome>> {
    return asRpcResult(() => this.queue.run(() => runPolicyMaintenance(this.db, companyId, request, actor)));
  }

  /** Runs one operation after every earlier one of this company has finished (see SerialQueue). */
  private serialized<T>(call: Call, operation: (ctx: OperationContext) => Promise<T>): Promise<RpcResult<T>> {
    return asRpcResult(() => this.queue.run(() => operation(operationContext(this.env, call))));
  }
}
