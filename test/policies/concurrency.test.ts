import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { must } from "../support/must";
import { endorseBody, newBusinessBody, setUpPolicies, stored } from "./helpers";

const CONCURRENT = 50;

describe("concurrent transactions on one policy never lose or duplicate a version", () => {
  it(`${CONCURRENT} concurrent endorsements produce versions 2..${CONCURRENT + 1}, each exactly once, with no 5xx`, async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    // Distinct effective days and values, so every endorsement leaves its own mark on the coverage.
    const bodies = Array.from({ length: CONCURRENT }, (_, i) =>
      endorseBody(`2026-02-${String((i % 28) + 1).padStart(2, "0")}`, [{ path: "policy.limit", value: 1000 + i }]),
    );
    const responses = await Promise.all(
      bodies.map((body) => f.company.call("POST", `/policies/${policyId}/transaction/endorse`, f.admin, { body })),
    );

    expect(responses.map((r) => r.status)).toEqual(bodies.map(() => 200));
    const numbers = responses.map((r) => r.json.version).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: CONCURRENT }, (_, i) => i + 2));

    const { head, versions } = await stored(policyId);
    expect(versions).toEqual(Array.from({ length: CONCURRENT + 1 }, (_, i) => i + 1));
    expect(head).toMatchObject({ current_version: CONCURRENT + 1 });

    // Each stored version is the one its response reported (same transactionTimestamp), and each built on the one before.
    const rows = await env.DB.prepare(
      "SELECT version, transaction_timestamp FROM policy_versions WHERE policy_id = ? AND version > 1",
    )
      .bind(policyId)
      .all<{ version: number; transaction_timestamp: string }>();
    const byVersion = new Map(rows.results.map((r) => [r.version, r.transaction_timestamp]));
    for (const res of responses) expect(byVersion.get(res.json.version)).toBe(res.json.transactionTimestamp);
    const latest = (await f.company.call("GET", `/policies/${policyId}`, f.admin)).json;
    const last = must(responses.find((r) => r.json.version === CONCURRENT + 1));
    expect(latest.segments).toEqual(last.json.segments);
  });

  it("concurrent new business with one policy number stores it once; the rest answer 409 PolicyNumberTaken", async () => {
    const f = await setUpPolicies();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        f.company.call("POST", "/policies/transaction/new-business", f.admin, {
          body: newBusinessBody({ policyNumber: "RACE-1" }),
        }),
      ),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409 && r.json.error.code === "PolicyNumberTaken")).toHaveLength(9);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM policies WHERE company_id = ?")
      .bind(f.company.id)
      .first<{ n: number }>();
    expect(must(count).n).toBe(1);
    const policyId = must(responses.find((r) => r.status === 200)).json.policyId;
    expect((await stored(policyId)).versions).toEqual([1]);
  });
});
