import { database } from "../worker/db/client";
import { batchOnlyWrites } from "../worker/db/marking-d1";
import { runBatch } from "../worker/db/queries/batch";
import { markCommittedStatement } from "../worker/db/queries/idempotency";
import { primarySession } from "../worker/db/request-session";
import type { EndorseRequest } from "../worker/domain/policies/transactions";
import type { Env } from "../worker/env";
import { logFailure } from "../worker/lib/log";
import type { CompanyMemo } from "../worker/operations/configuration/configuration-of";
import { type Call, type OperationContext, operationContext } from "../worker/operations/context";
import {
  GeocodeLookups,
  geocoderFor,
  LookupsNeeded,
} from "../worker/operations/entities/write-pipeline/geocode-lookups";
import { CommitGroup, forgetGroupReads, keptGroupReads } from "../worker/operations/policies/commit-group";
import { endorsePolicy } from "../worker/operations/policies/endorse";
import { forgetKeptPolicies } from "../worker/operations/policies/kept-policies";
import type { TransactionAnswer } from "../worker/operations/policies/record-version";
import { asRpcResult, type RpcResult } from "./rpc-result";
import type { SerialQueue } from "./serial-queue";

/** The most endorsements one D1 batch commits. */
export const GROUP_LIMIT = 16;

interface Waiting {
  call: Call;
  request: EndorseRequest;
  settle: (result: Promise<RpcResult<TransactionAnswer>>) => void;
  /** Its geocoder lookups, made outside the group's turn (`GeocodeLookups`). */
  lookups: GeocodeLookups;
}

/** What the group runner needs of its company object. */
export interface GroupHost {
  env: Env;
  queue: SerialQueue;
  /** The object's memory (replaced when a configuration change forgets it, so read it each time). */
  memo(): CompanyMemo;
  /** Runs one endorsement on its own, in its own batch, without queueing (the caller holds the queue). */
  alone(call: Call, request: EndorseRequest): Promise<RpcResult<TransactionAnswer>>;
}

/**
 * Group commit (issue 16, lever 3): endorsements without an invoice plan wait in one list; the first to arrive
 * takes a turn in the company's queue, and at that turn every endorsement then waiting (up to GROUP_LIMIT) is
 * planned in arrival order, each against the ones before it, and all that were accepted commit in one D1
 * batch, each with its own version, head guard, idempotency mark and answer. A refused one adds nothing and
 * gets its own refusal. Should the batch fail, nothing of it committed: the object forgets its kept policies
 * and runs each endorsement again on its own, in order, which is exactly the serial outcome.
 */
export class EndorsementGroups {
  private waiting: Waiting[] = [];

  constructor(private readonly host: GroupHost) {}

  submit(call: Call, request: EndorseRequest): Promise<RpcResult<TransactionAnswer>> {
    return new Promise((settle) => this.wait({ call, request, settle, lookups: new GeocodeLookups() }));
  }

  private wait(member: Waiting) {
    member.lookups.beginTurn();
    this.waiting.push(member);
    if (this.waiting.length === 1) void this.host.queue.run(() => this.drain());
  }

  /** A member that needs geocoder lookups leaves the group: they are made outside the queue, then it waits again. */
  private async lookUpThenWait(member: Waiting) {
    try {
      await member.lookups.lookUpNeeded(geocoderFor(this.host.env));
    } catch (error) {
      // The geocoder client answers every failure as an outcome; should it throw, the member still gets an answer.
      return member.settle(asRpcResult<never>(() => Promise.reject(error)));
    }
    this.wait(member);
  }

  private async drain() {
    const members = this.waiting.splice(0, GROUP_LIMIT);
    if (this.waiting.length) void this.host.queue.run(() => this.drain());
    if (!members.length) return;

    const session = primarySession(this.host.env.DB);
    const marks: D1PreparedStatement[] = [];
    const db = database(batchOnlyWrites(session.d1, marks));
    const group = new CommitGroup(keptGroupReads(this.host.memo()));
    const planned: Array<{ member: Waiting; answer?: TransactionAnswer; error?: unknown }> = [];
    for (const member of members) {
      const ctx: OperationContext = {
        ...operationContext(this.host.env, member.call, new Date(), this.host.memo()),
        db,
        commitGroup: group,
        geocodeLookups: member.lookups,
      };
      try {
        const answer = await endorsePolicy(ctx, member.request);
        if (member.call.idempotency) marks.push(markCommittedStatement(session.d1, member.call.idempotency));
        planned.push({ member, answer });
      } catch (error) {
        // Nothing of it was added to the group before its exposures were prepared.
        if (error instanceof LookupsNeeded) void this.lookUpThenWait(member);
        else planned.push({ member, error });
      }
    }

    try {
      if (group.statements.length) await runBatch(db, group.statements);
    } catch (error) {
      logFailure("commit-group-failed", error, { members: members.length });
      forgetKeptPolicies(this.host.memo());
      forgetGroupReads(this.host.memo());
      for (const { member } of planned) {
        const result = this.host.alone(member.call, member.request);
        member.settle(result);
        await result.catch(() => undefined);
      }
      return;
    }
    const bookmark = session.bookmark();
    for (const { member, answer, error } of planned)
      member.settle(
        answer
          ? Promise.resolve({ ok: true, value: answer, bookmark })
          : asRpcResult<never>(() => Promise.reject(error)),
      );
  }
}
