import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { setUpPolicies } from "./helpers";

/**
 * The company object keeps the head and current version of the policies it transacts on (issue 16, lever 3):
 * only its own operations write policy rows, so it updates them after each commit instead of reading them
 * again, and forgets them when a wipe, repair, reset or import runs.
 */

/** Rewrites a stored version's coverage behind the object's back (nothing but the object writes it). */
async function tamperWithVersion(policyId: string, version: number, from: string, to: string) {
  const row = await env.DB.prepare("SELECT coverage FROM policy_versions WHERE policy_id = ? AND version = ?")
    .bind(policyId, version)
    .first<{ coverage: string }>();
  expect(row?.coverage).toContain(from);
  await env.DB.prepare("UPDATE policy_versions SET coverage = ? WHERE policy_id = ? AND version = ?")
    .bind(row?.coverage.replaceAll(from, to), policyId, version)
    .run();
}

/** Another writer takes `version` (a copy of the one before) and moves the head to it, as a bypass of the queue would. */
async function takeNextVersionBehindTheObject(policyId: string, version: number) {
  await env.DB.prepare(
    "INSERT INTO policy_versions (id, company_id, policy_id, version, action, transaction_timestamp, " +
      "display_author, effective_date, start_date, end_date, coverage, deltas, transaction_premium, created_at, " +
      "created_by) SELECT 'taken-' || id, company_id, policy_id, ?, action, transaction_timestamp, " +
      "display_author, effective_date, start_date, end_date, coverage, deltas, transaction_premium, created_at, " +
      "created_by FROM policy_versions WHERE policy_id = ? AND version = ?",
  )
    .bind(version, policyId, version - 1)
    .run();
  await env.DB.prepare("UPDATE policies SET current_version = ? WHERE id = ?").bind(version, policyId).run();
}

describe("the company object's kept policies", () => {
  it("plans the next transaction from the version it committed, without reading it again", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const second = await f.endorse(policyId, "2026-03-01", [{ path: "policy.limit", value: 2_000_000 }]);
    expect(second.status, second.text).toBe(200);

    await tamperWithVersion(policyId, 2, "2000000", "3000000");
    const third = await f.endorse(policyId, "2026-04-01", [{ path: "policy.coverageType", value: "auto" }]);
    expect(third.status, third.text).toBe(200);
    expect(third.json.version).toBe(3);
    // Version 3 follows version 2 as the object committed it, not the row changed behind its back.
    const segments = JSON.stringify(third.json.segments);
    expect(segments).toContain("2000000");
    expect(segments).not.toContain("3000000");
  });

  it("reads no endorsement log for an endorsement on or after the latest stored one's day", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    expect((await f.endorse(policyId, "2026-03-01", [{ path: "policy.limit", value: 2_000_000 }])).status).toBe(200);
    // An endorsement row behind the object's back, effective later, whose deltas no reader can parse: an
    // endorsement that read the log would replay it and fail; one in sequence (1 Apr, after 1 Mar) never reads it.
    await env.DB.prepare(
      "INSERT INTO policy_versions (id, company_id, policy_id, version, action, transaction_timestamp, " +
        "display_author, effective_date, start_date, end_date, coverage, deltas, transaction_premium, created_at, " +
        "created_by) SELECT 'unreadable-' || id, company_id, policy_id, 99, 'ENDORSE', transaction_timestamp, " +
        "display_author, '2026-12-01', start_date, end_date, coverage, 'not json', transaction_premium, created_at, " +
        "created_by FROM policy_versions WHERE policy_id = ? AND version = 2",
    )
      .bind(policyId)
      .run();
    const inSequence = await f.endorse(policyId, "2026-04-01", [{ path: "policy.coverageType", value: "auto" }]);
    expect(inSequence.status, inSequence.text).toBe(200);
    expect(inSequence.json.version).toBe(3);
  });

  it("forgets them when every policy is wiped: the next transaction on a wiped policy is 404", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    expect((await f.endorse(policyId, "2026-03-01", [{ path: "policy.limit", value: 5 }])).status).toBe(200);
    const wiped = await f.company.call("POST", "/policies/deleteAll", f.admin);
    expect(wiped.status, wiped.text).toBe(200);

    const endorsed = await f.endorse(policyId, "2026-04-01", [{ path: "policy.limit", value: 6 }]);
    expect(endorsed.status, endorsed.text).toBe(404);
    const versions = await env.DB.prepare("SELECT count(*) AS n FROM policy_versions WHERE policy_id = ?")
      .bind(policyId)
      .first<{ n: number }>();
    expect(versions?.n).toBe(0);
  });

  it("reads a policy anew after a failed commit", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    expect((await f.endorse(policyId, "2026-03-01", [{ path: "policy.limit", value: 7 }])).status).toBe(200);
    await takeNextVersionBehindTheObject(policyId, 3);
    // A cancel commits on its own: its commit of version 3 fails on the unique (policy, version) index. A
    // bypassed queue is a bug, not a caller's mistake: the backstop answers 500 and writes nothing.
    const failed = await f.cancel(policyId, "2026-06-01");
    expect(failed.status).toBe(500);

    const next = await f.cancel(policyId, "2026-06-01");
    expect(next.status, next.text).toBe(200);
    expect(next.json.version).toBe(4);
  });

  it("runs each endorsement of a failed group commit again on its own, from what D1 holds", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    expect((await f.endorse(policyId, "2026-03-01", [{ path: "policy.limit", value: 7 }])).status).toBe(200);
    await takeNextVersionBehindTheObject(policyId, 3);
    // The group's batch writes version 3 from the kept head and fails; nothing of it commits, and the
    // endorsement runs again from D1's head (version 3) and writes version 4.
    const endorsed = await f.endorse(policyId, "2026-04-01", [{ path: "policy.limit", value: 8 }]);
    expect(endorsed.status, endorsed.text).toBe(200);
    expect(endorsed.json.version).toBe(4);
    const versions = await env.DB.prepare("SELECT version FROM policy_versions WHERE policy_id = ? ORDER BY version")
      .bind(policyId)
      .all<{ version: number }>();
    expect(versions.results.map((r) => r.version)).toEqual([1, 2, 3, 4]);
  });
});
