import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { database } from "../../../worker/db/client";
import { formatPolicyNumber, mintPolicyNumberCandidate } from "../../../worker/db/queries/policies";
import { createCompany } from "../../support/harness";

/** A policy row holding `policyNumber`, as a book brought over through SQL would. */
function heldNumber(companyId: string, policyNumber: string) {
  return env.DB.prepare(
    `INSERT INTO policies (id, company_id, policy_number, current_version, status, term_start, term_end, created_at, updated_at)
     VALUES (?, ?, ?, 1, 'active', '2026-01-01', '2027-01-01', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
  )
    .bind(crypto.randomUUID(), companyId, policyNumber)
    .run();
}

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
});
