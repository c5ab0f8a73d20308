import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { database } from "../../../worker/db/client";
import { runBatch } from "../../../worker/db/queries/batch";
import {
  claimSequenceValueStatement,
  formatPolicyNumber,
  mintPolicyNumberCandidate,
  peekPolicyNumber,
} from "../../../worker/db/queries/policies";
import { ClaimedNumberBatchFailed, withPeekedPolicyNumber } from "../../../worker/operations/policies/policy-number";
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

  it("runs an operation again with its number minted apart only when its claiming batch failed", async () => {
    const runs: boolean[] = [];
    const answer = await withPeekedPolicyNumber(async (peek) => {
      runs.push(peek);
      if (peek) throw new ClaimedNumberBatchFailed(new Error("sequence moved"));
      return "minted apart";
    });
    expect({ answer, runs }).toEqual({ answer: "minted apart", runs: [true, false] });
    // A refusal (any other error) is the answer at once: the operation never runs twice.
    const refused: boolean[] = [];
    const refusal = new Error("refused");
    await expect(
      withPeekedPolicyNumber(async (peek) => {
        refused.push(peek);
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(refused).toEqual([true]);
  });
});

function sequenceValue(companyId: string, name: string) {
  return env.DB.prepare("SELECT value FROM sequences WHERE company_id = ? AND name = ?")
    .bind(companyId, name)
    .first<number>("value");
}
