import { describe, expect, it } from "vitest";
import { call, STAFF_TOKEN } from "../support/harness";
import { type PolicyFixture, setUpPolicies } from "./helpers";

const repair = (companyId: string, body: unknown) =>
  call("POST", `/api/v1/companies/${companyId}/policies/repair`, { auth: `Bearer ${STAFF_TOKEN}`, body });

async function receiptsOf(f: PolicyFixture, policyId: string) {
  const res = await f.company.call("GET", "/audit-log?pageSize=500", f.admin);
  const items = res.json.items as Array<{ kind: string; batchId: string | null; detail: { policyId?: string } | null }>;
  return items.filter((e) => e.kind === "receipt" && e.detail?.policyId === policyId);
}

/** A repair that changes something, so it commits a receipt: the first hashes of version 1. */
const recordHashes = (policyId: string, batchId: unknown) => ({ kind: "segmentHashes", policyId, batchId });

describe("POST P/policies/repair: `batchId` at the root is passed through (interface, Conventions)", () => {
  // Any JSON value is kept, as its JSON text (issue 11: an object batchId was recorded as null before).
  it("accepts any JSON value, passes a string as sent and any other value as its JSON text to the receipt", async () => {
    const cases: Array<[unknown, string | null]> = [
      [{ run: 7 }, '{"run":7}'],
      [["a", "b"], '["a","b"]'],
      [true, "true"],
      [null, null],
      ["fix-42", "fix-42"],
    ];
    for (const [batchId, recorded] of cases) {
      const f = await setUpPolicies();
      const { policyId } = await f.newBusiness();
      const res = await repair(f.company.id, recordHashes(policyId, batchId));
      expect(res.status, `${JSON.stringify(batchId)}: ${res.text}`).toBe(200);
      expect(res.json.receiptId).toBeTruthy();
      const [receipt] = await receiptsOf(f, policyId);
      expect(receipt?.batchId, JSON.stringify(batchId)).toBe(recorded);
    }
  });

  it("records a number as its text", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    expect((await repair(f.company.id, recordHashes(policyId, 42))).status).toBe(200);
    expect((await receiptsOf(f, policyId))[0]?.batchId).toBe("42");
  });
});
