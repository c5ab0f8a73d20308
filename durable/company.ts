import { DurableObject } from "cloudflare:workers";
import { and, eq, exists, getTableName } from "drizzle-orm";
import { APPLICATION_TABLES } from "../worker/db/application-tables";
import { database } from "../worker/db/client";
import { type CompanyRow, findCompany } from "../worker/db/queries/companies";
import { auditLog, companies } from "../worker/db/schema";
import { allowsDestructiveChanges, canMoveLifecycle, type Lifecycle } from "../worker/domain/company/lifecycle";
import type { Fmv1Date } from "../worker/domain/dates/fmv1-date";
import type { HistoryEntry, Transition } from "../worker/domain/events/open-close-history";
import type { TransactionActor, TransactionRequest } from "../worker/domain/policies/transactions";
import type { Env } from "../worker/env";
import { ApiError, notFound } from "../worker/http/errors";
import {
  type MaintenanceActor,
  type PolicyMaintenanceOutcome,
  type PolicyMaintenanceRequest,
  runPolicyMaintenance,
} from "../worker/services/policy-repair";
import { type ImportOptions, type ImportResult, importConfiguration } from "./configuration-import";
import {
  type EventHistoryOutcome,
  type EventStatusOutcome,
  replaceEventHistory,
  transitionEvent,
} from "./event-lifecycle";
import { type PolicyVersionView, runPolicyTransaction } from "./policy-transactions";
import { asRpcResult, type RpcResult } from "./rpc-result";
import { SerialQueue } from "./serial-queue";

/** Who asked for a change, for the audit receipt committed with it. */
export interface Actor {
  requestId: string;
  keyId: string | null;
  actor: "api-key" | "staff";
  method: string;
  path: string;
}

export interface ResetReceipt {
  companyId: string;
  lifecycle: "sandbox";
  resetAt: string;
  receiptId: string;
}

const lifecycleRefused = (message: string) => new ApiError({ code: "CompanyLifecycleRefused", message });

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

  async setLifecycle(companyId: string, lifecycle: Lifecycle): Promise<RpcResult<CompanyRow>> {
    return asRpcResult(() =>
      this.queue.run(async () => {
        const company = await this.requireCompany(companyId);
        if (!canMoveLifecycle(company.lifecycle, lifecycle)) {
          throw lifecycleRefused(`Company lifecycle cannot move from ${company.lifecycle} to ${lifecycle}`);
        }
        const updatedAt = new Date().toISOString();
        await this.db.update(companies).set({ lifecycle, updatedAt }).where(eq(companies.id, companyId));
        return { ...company, lifecycle, updatedAt };
      }),
    );
  }

  /** Clears application data, keeps configuration and access, restarts counters; one atomic batch. */
  async resetCompany(companyId: string, actor: Actor): Promise<RpcResult<ResetReceipt>> {
    return asRpcResult(() =>
      this.queue.run(async () => {
        const company = await this.requireCompany(companyId);
        if (!allowsDestructiveChanges(company.lifecycle)) {
          throw lifecycleRefused(`Reset is only available to Sandbox companies; this company is ${company.lifecycle}`);
        }
        const resetAt = new Date().toISOString();
        const receiptId = crypto.randomUUID();
        // The lifecycle guard repeats inside every statement: a backstop should anything bypass the queue.
        const stillSandbox = exists(
          this.db
            .select({ id: companies.id })
            .from(companies)
            .where(and(eq(companies.id, companyId), eq(companies.lifecycle, "sandbox"))),
        );
        const wipes = APPLICATION_TABLES.map((table) =>
          this.db.delete(table).where(and(eq(table.companyId, companyId), stillSandbox)),
        );
        const receipt = this.db.insert(auditLog).values({
          id: receiptId,
          companyId,
          kind: "receipt",
          requestId: actor.requestId,
          keyId: actor.keyId,
          actor: actor.actor,
          action: "resetCompany",
          method: actor.method,
          path: actor.path,
          status: 200,
          durationMs: 0,
          batchId: null,
          detail: { tablesCleared: APPLICATION_TABLES.map((table) => getTableName(table)) },
          createdAt: resetAt,
        });
        await this.db.batch([receipt, ...wipes]);
        return { companyId, lifecycle: "sandbox" as const, resetAt, receiptId };
      }),
    );
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

  private async requireCompany(companyId: string): Promise<CompanyRow> {
    const company = await findCompany(this.db, companyId);
    if (!company) throw notFound();
    return company;
  }
}
