import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { database } from "../../../worker/db/client";
import { BoundWrite } from "../../../worker/db/compiled-write";
import { runBatch } from "../../../worker/db/queries/batch";
import {
  claimSequenceValueStatement,
  formatPolicyNumber,
  mintPolicyNumberCandidate,
  peekPolicyNumber,
} from "../../../worker/db/queries/policies";
import {
  runClaimingBatch,
  SequenceClaims,
  withSequenceClaims,
} from "../../../worker/operations/company/owned-sequences";
import type { CompanyMemo } from "../../../worker/operations/configuration/configuration-of";
import { type OperationContext, operationContext, PLATFORM_ACTOR } from "../../../worker/operations/context";
import { createCompany } from "../../support/harness";

/** A policy row holding `policyNumber`, as a book brought over through SQL would: the statement, not yet run. */
function heldNumberStatement(companyId: string, policyNumber: string) {
  return env.DB.prepare(
    `INSERT INTO policies (id, company_id, policy_number, current_version, status, term_start, term_end, created_at, updated_at)
     VALUES (?, ?, ?, 1, 'active', '2026-01-01', '2027-01-01', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
  ).bind(crypto.randomUUID(), companyId, policyNumber);
}

const heldNumber = (companyId: string, policyNumber: string) => heldNumberStatement(companyId, policyNumber).run();

/** SQLite's padding of a minted value, as `mintPolicyNumberCandidate` checks it. */
async function sqlPadded(value: number) {
  return env.DB.prepare("SELECT ? || printf(?, ?) AS number").bind("POL-", "%06d", value).first<string>("number");
}

describe("minted policy numbers (worker/db/queries/policies.ts)", () => {
  it("pads to six digits and never cuts a longer value", async () => {
    expect(formatPolicyNumber(1)).toBe("POL-000001");
    expect(formatPolicyNumber(42)).toBe("POL-000042");
    expect(formatPolicyNumber(1_234_567)).toBe("POL-1234567");
    expect(await sqlPadded(42)).toBe("POL-000042");
    expect(await sqlPadded(1_234_567)).toBe("POL-1234567");
  });

  it("checks the number SQLite makes, which is the number the service writes (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 40 }), async (value) => {
        expect(await sqlPadded(value)).toBe(formatPolicyNumber(value));
      }),
      { numRuns: 60 },
    );
  });

  it("mints in one batch and says whether a policy holds the number", async () => {
    const company = await createCompany();
    const db = database(env.DB);
    const sequence = "policy.policyNumber";
    expect(await mintPolicyNumberCandidate(db, company.id, sequence)).toEqual({ value: 1, held: false });
    // A book brought over holds POL-000002: the next candidate is that number, and held.
    await heldNumber(company.id, "POL-000002");
    expect(await mintPolicyNumberCandidate(db, company.id, sequence)).toEqual({ value: 2, held: true });
    expect(await mintPolicyNumberCandidate(db, company.id, sequence)).toEqual({ value: 3, held: false });
    // Another company's POL-000004 is not this company's.
    const other = await createCompany();
    await heldNumber(other.id, "POL-000004");
    expect(await mintPolicyNumberCandidate(db, company.id, sequence)).toEqual({ value: 4, held: false });
  });

  it("peeks the next number without taking it, and says whether a policy holds it", async () => {
    const company = await createCompany();
    const db = database(env.DB);
    const sequence = "policy.policyNumber";
    expect(await peekPolicyNumber(db, company.id, sequence)).toEqual({ value: 1, held: false });
    expect(await peekPolicyNumber(db, company.id, sequence)).toEqual({ value: 1, held: false });
    expect(await mintPolicyNumberCandidate(db, company.id, sequence)).toEqual({ value: 1, held: false });
    await heldNumber(company.id, "POL-000002");
    expect(await peekPolicyNumber(db, company.id, sequence)).toEqual({ value: 2, held: true });
    expect(await sequenceValue(company.id, sequence)).toBe(1);
  });

  it("claims a peeked value in a batch only while the sequence stands where it was read; else nothing commits", async () => {
    const company = await createCompany();
    const db = database(env.DB);
    const sequence = "policy.policyNumber";
    // A new sequence: the claim of 1 inserts it.
    await runBatch(db, [claimSequenceValueStatement(db, company.id, sequence, 1)]);
    expect(await sequenceValue(company.id, sequence)).toBe(1);
    // Moved to 3 by another writer: a claim of 2 (read at 1) fails its batch whole, the policy row with it.
    await mintPolicyNumberCandidate(db, company.id, sequence);
    await mintPolicyNumberCandidate(db, company.id, sequence);
    const policyRow = heldNumberStatement(company.id, "POL-000002");
    await expect(
      db.$client.batch([claimSequenceValueStatement(db, company.id, sequence, 2).statement, policyRow]),
    ).rejects.toThrow(/NOT NULL/);
    expect(await sequenceValue(company.id, sequence)).toBe(3);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM policies WHERE company_id = ?").bind(company.id).first("n"),
    ).toBe(0);
    // Read where it stands (3), the claim of 4 holds.
    await runBatch(db, [claimSequenceValueStatement(db, company.id, sequence, 4)]);
    expect(await sequenceValue(company.id, sequence)).toBe(4);
  });
});

/** An operation's context: in the company object, with the memo it keeps between operations, or in the worker. */
function contextOf(companyId: string, memo: CompanyMemo | undefined): OperationContext {
  const call = { companyId, actor: PLATFORM_ACTOR, requestId: "test", method: "POST", path: "/test", batchId: null };
  return operationContext(env, call, new Date(), memo);
}

describe("sequences the company object takes (worker/operations/company/owned-sequences.ts)", () => {
  const name = "policy.underwriterRef";

  it("mints apart where the object knows nothing, then claims in the batch without a read; a refused operation burns none", async () => {
    const company = await createCompany();
    const ctx = contextOf(company.id, {});
    // First use: minted in a statement of its own, and known from then on.
    expect(await new SequenceClaims(ctx, true).next(name)).toBe(1);
    expect(await sequenceValue(company.id, name)).toBe(1);
    expect(ctx.memo?.sequences?.get(name)).toBe(1);
    // A refused operation: its claim was never run, so nothing moved and the next operation takes 2.
    const refused = new SequenceClaims(ctx, true);
    expect(await refused.next(name)).toBe(2);
    expect(await sequenceValue(company.id, name)).toBe(1);
    // Two values in one operation: both claims ride the batch, in order.
    const claims = new SequenceClaims(ctx, true);
    expect([await claims.next(name), await claims.next(name)]).toEqual([2, 3]);
    await runClaimingBatch(ctx, claims, []);
    expect(await sequenceValue(company.id, name)).toBe(3);
    expect(ctx.memo?.sequences?.get(name)).toBe(3);
  });

  it("fails the whole batch when the sequence moved behind the object's back; the object then forgets it", async () => {
    const company = await createCompany();
    const ctx = contextOf(company.id, { sequences: new Map([[name, 4]]) });
    await env.DB.prepare("INSERT INTO sequences (company_id, name, value) VALUES (?, ?, 9)")
      .bind(company.id, name)
      .run();
    const runs: boolean[] = [];
    const answer = await withSequenceClaims(ctx, async (claims) => {
      runs.push(claims.claimable);
      // Known (4): taken as 5 without a read; minted apart (10) in the second run.
      const value = await claims.next(name);
      await runClaimingBatch(ctx, claims, [new BoundWrite(heldNumberStatement(company.id, `POL-${value}`))]);
      return value;
    });
    expect({ answer, runs }).toEqual({ answer: 10, runs: [true, false] });
    // The first run's batch committed nothing: one policy row, the second run's.
    expect(
      await env.DB.prepare("SELECT policy_number FROM policies WHERE company_id = ?").bind(company.id).all(),
    ).toMatchObject({ results: [{ policy_number: "POL-10" }] });
    expect(await sequenceValue(company.id, name)).toBe(10);
    expect(ctx.memo?.sequences?.get(name)).toBe(10);
  });

  it("never runs an operation twice for any other error", async () => {
    const company = await createCompany();
    const ctx = contextOf(company.id, {});
    const refusal = new Error("refused");
    const runs: boolean[] = [];
    await expect(
      withSequenceClaims(ctx, async (claims) => {
        runs.push(claims.claimable);
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(runs).toEqual([true]);
  });

  it("outside the object (no memo) every value is minted apart", async () => {
    const company = await createCompany();
    const ctx = contextOf(company.id, undefined);
    const claims = new SequenceClaims(ctx, true);
    expect([await claims.next(name), await claims.next(name)]).toEqual([1, 2]);
    expect(claims.statements()).toEqual([]);
    expect(await sequenceValue(company.id, name)).toBe(2);
  });
});

function sequenceValue(companyId: string, name: string) {
  return env.DB.prepare("SELECT value FROM sequences WHERE company_id = ? AND name = ?")
    .bind(companyId, name)
    .first<number>("value");
}
