import { DurableObject } from "cloudflare:workers";
import { database } from "../worker/db/client";
import { type CompanyRow, findCompany } from "../worker/db/queries/companies";
import { allowsDestructiveChanges } from "../worker/domain/company/lifecycle";
import type { Fmv1Date } from "../worker/domain/dates/fmv1-date";
import type { HistoryEntry, Transition } from "../worker/domain/events/open-close-history";
import type { RepairRequest } from "../worker/domain/policies/repair";
import type {
  CancelRequest,
  EndorseRequest,
  ReinstateRequest,
  StartPolicyRequest,
} from "../worker/domain/policies/transactions";
import type { Env } from "../worker/env";
import { notFound } from "../worker/errors/api-error";
import { lifecycleRefused } from "../worker/errors/company-refusals";
import { type ResetReceipt, resetCompany } from "../worker/operations/company/reset-company";
import { type CompanyChange, updateCompany } from "../worker/operations/company/update-company";
import { type Call, type OperationContext, operationContext } from "../worker/operations/context";
import { cancelPolicy } from "../worker/operations/policies/cancel";
import { deleteAllPolicies } from "../worker/operations/policies/delete-all-policies";
import { endorsePolicy } from "../worker/operations/policies/endorse";
import { newBusiness } from "../worker/operations/policies/new-business";
import { reinstatePolicy } from "../worker/operations/policies/reinstate";
import { renewPolicy } from "../worker/operations/policies/renew";
import { repairPolicy } from "../worker/operations/policies/repair-policy";
import { type ImportOptions, type ImportResult, importConfiguration } from "./configuration-import";
import {
  type EventHistoryOutcome,
  type EventStatusOutcome,
  replaceEventHistory,
  transitionEvent,
} from "./event-lifecycle";
import { asRpcResult, type RpcResult } from "./rpc-result";
import { SerialQueue } from "./serial-queue";

/**
 * One object per company (addressed by `idFromName(companyId)`): serializes the company's lifecycle
 * transitions, resets, event close/reopen and history replacements, policy transactions and bill-review
 * runs. State lives in D1; each operation commits as one D1 batch.
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

  /** Imports a configuration document; `force` passes the breaking-change gate on Sandbox companies only. */
  async importConfiguration(
    companyId: string,
    input: unknown,
    options: ImportOptions,
  ): Promise<RpcResult<ImportResult>> {
    return asRpcResult(() =>
      this.queue.run(async () => {
        if (options.force) {
          const company = await this.requireCompany(companyId);
          if (!allowsDestructiveChanges(company.lifecycle)) {
            throw lifecycleRefused(
              `A forced import is only available to Sandbox companies; this company is ${company.lifecycle}`,
            );
          }
        }
        return importConfiguration(this.db, companyId, input, options);
      }),
    );
  }

  /** Close or reopen an event: one appended history entry, status and close date in one write. */
  async transitionEvent(
    companyId: string,
    eventId: string,
    transition: Transition,
    date: Fmv1Date,
  ): Promise<RpcResult<EventStatusOutcome>> {
    return asRpcResult(() => this.queue.run(() => transitionEvent(this.db, companyId, eventId, transition, date)));
  }

  /** Replace an event's whole open/close history (entries already validated by the route). */
  async replaceEventHistory(
    companyId: string,
    eventId: string,
    entries: HistoryEntry[],
  ): Promise<RpcResult<EventHistoryOutcome>> {
    return asRpcResult(() => this.queue.run(() => replaceEventHistory(this.db, companyId, eventId, entries)));
  }

  /** Policy transactions: each writes one new version (a new policy for new business and renewals). */
  newBusiness(call: Call, request: StartPolicyRequest) {
    return this.serialized(call, (ctx) => newBusiness(ctx, request));
  }

  renewPolicy(call: Call, request: StartPolicyRequest) {
    return this.serialized(call, (ctx) => renewPolicy(ctx, request));
  }

  endorsePolicy(call: Call, request: EndorseRequest) {
    return this.serialized(call, (ctx) => endorsePolicy(ctx, request));
  }

  cancelPolicy(call: Call, request: CancelRequest) {
    return this.serialized(call, (ctx) => cancelPolicy(ctx, request));
  }

  reinstatePolicy(call: Call, request: ReinstateRequest) {
    return this.serialized(call, (ctx) => reinstatePolicy(ctx, request));
  }

  /** Sandbox wipe of every policy, serialized with the policy transactions it must not interleave with. */
  deleteAllPolicies(call: Call) {
    return this.serialized(call, deleteAllPolicies);
  }

  /** Staff repair of a policy's stored data, serialized with the policy transactions. */
  repairPolicy(call: Call, request: RepairRequest) {
    return this.serialized(call, (ctx) => repairPolicy(ctx, request));
  }

  /** Runs one operation after every earlier one of this company has finished (see SerialQueue). */
  private serialized<T>(call: Call, operation: (ctx: OperationContext) => Promise<T>): Promise<RpcResult<T>> {
    return asRpcResult(() => this.queue.run(() => operation(operationContext(this.env, call))));
  }

  private async requireCompany(companyId: string): Promise<CompanyRow> {
    const company = await findCompany(this.db, companyId);
    if (!company) throw notFound();
    return company;
  }
}
