import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import { countPolicies, newBusinessBody, POLICY_CONFIGURATION, setUpPolicies } from "./helpers";

/**
 * The sequences only the company object takes (a policy's number and its Sequence fields): once the object
 * knows where one stands, a new policy claims the next value in its own write batch, guarded so that a
 * sequence moved behind the object's back fails the batch and the policy is written again with values minted
 * apart (`worker/operations/company/owned-sequences.ts`).
 */
const CONFIGURATION = {
  ...POLICY_CONFIGURATION,
  fieldDefinitions: [
    ...POLICY_CONFIGURATION.fieldDefinitions,
    {
      entityType: "policy",
      referenceId: "policyRef",
      label: "Policy reference",
      typeInfo: { kind: "Sequence", prefix: "PR-", padding: 4 },
    },
  ],
};

const refOf = (version: { segments: Array<{ data: Record<string, unknown> }> }) => version.segments[0]?.data.policyRef;

function sequenceValue(companyId: string, name: string) {
  return env.DB.prepare("SELECT value FROM sequences WHERE company_id = ? AND name = ?")
    .bind(companyId, name)
    .first<number>("value");
}

/** Another writer of a sequence, behind the company object's back (as a second object or a bad script would). */
function moveSequence(companyId: string, name: string, value: number) {
  return env.DB.prepare("UPDATE sequences SET value = ? WHERE company_id = ? AND name = ?")
    .bind(value, companyId, name)
    .run();
}

describe("a policy's Sequence fields and number, taken in the company object", () => {
  it("give each new policy the next value with the field's prefix and padding; a refused one burns none", async () => {
    const f = await setUpPolicies(CONFIGURATION);
    const first = await f.newBusiness();
    expect({ number: first.policyNumber, ref: refOf(first) }).toEqual({ number: "POL-000001", ref: "PR-0001" });
    // Refused after its values were taken (its invoice plan voids an invoice it does not have): its claims
    // never ran.
    const voiding = {
      voidInvoices: [{ invoiceId: crypto.randomUUID(), headJournalId: crypto.randomUUID() }],
      createInvoices: [],
    };
    const refused = await f.company.call("POST", "/policies/transaction/new-business", f.admin, {
      body: newBusinessBody({}, { invoicePlan: voiding }),
    });
    expectError(refused, 422, "INVOICE_PLAN_INVALID");
    const second = await f.newBusiness();
    expect({ number: second.policyNumber, ref: refOf(second) }).toEqual({ number: "POL-000002", ref: "PR-0002" });
    // A renewal is a new policy too.
    const renewed = await f.company.call("POST", "/policies/transaction/renew", f.admin, {
      body: newBusinessBody({
        previousPolicy: first.policyId,
        policyStartDate: { date: "2027-01-01" },
        policyEndDate: { date: "2028-01-01" },
      }),
    });
    expect(renewed.status, renewed.text).toBe(200);
    expect({ number: renewed.json.policyNumber, ref: refOf(renewed.json) }).toEqual({
      number: "POL-000003",
      ref: "PR-0003",
    });
    expect(await sequenceValue(f.company.id, "policy.policyRef")).toBe(3);
    expect(await sequenceValue(f.company.id, "policy.policyNumber")).toBe(3);
  });

  it("never reuse a value when a sequence moved behind the object's back: the policy is written once, past it", async () => {
    const f = await setUpPolicies(CONFIGURATION);
    await f.newBusiness();
    await moveSequence(f.company.id, "policy.policyRef", 7);
    const afterRef = await f.newBusiness();
    expect({ number: afterRef.policyNumber, ref: refOf(afterRef) }).toEqual({ number: "POL-000002", ref: "PR-0008" });
    await moveSequence(f.company.id, "policy.policyNumber", 10);
    const afterNumber = await f.newBusiness();
    expect({ number: afterNumber.policyNumber, ref: refOf(afterNumber) }).toEqual({
      number: "POL-000011",
      ref: "PR-0009",
    });
    expect(await countPolicies(f.company.id)).toEqual({ policies: 3, versions: 3 });
    expect(await sequenceValue(f.company.id, "policy.policyRef")).toBe(9);
    expect(await sequenceValue(f.company.id, "policy.policyNumber")).toBe(11);
  });
});

describe("endorsing a policy's Sequence field (interface: x-generated, GeneratedFieldWrite)", () => {
  it("refuses changing it with 400 GeneratedFieldWrite, writes nothing, and tolerates resending the value in force", async () => {
    const f = await setUpPolicies(CONFIGURATION);
    const policy = await f.newBusiness();
    expect(refOf(policy)).toBe("PR-0001");
    for (const value of ["PR-9999", null]) {
      const refused = expectError(
        await f.endorse(policy.policyId, "2026-03-01", [{ path: "policy.policyRef", value }]),
        400,
        "GeneratedFieldWrite",
      );
      expect(refused.details).toEqual([{ field: "policy.policyRef", message: "is platform-generated" }]);
    }
    // Beside another refused delta, the generated value is what is reported (the order writes check in).
    const both = await f.endorse(policy.policyId, "2026-03-01", [
      { path: "policy.limit", value: "lots" },
      { path: "policy.policyRef", value: "PR-0002" },
    ]);
    expectError(both, 400, "GeneratedFieldWrite");
    const resent = await f.endorse(policy.policyId, "2026-03-01", [
      { path: "policy.policyRef", value: "PR-0001" },
      { path: "policy.limit", value: 2_000_000 },
    ]);
    expect(resent.status, resent.text).toBe(200);
    expect(resent.json.version).toBe(2);
    expect(resent.json.segments.map((s: { data: Record<string, unknown> }) => s.data.policyRef)).toEqual([
      "PR-0001",
      "PR-0001",
    ]);
  });
});
