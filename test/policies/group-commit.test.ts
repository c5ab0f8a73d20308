import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { endorseBody, setUpPolicies, stored } from "./helpers";

/**
 * Group commit (issue 16, lever 3): endorsements waiting in the company object's queue are planned in order,
 * each against the ones before it, and the accepted ones commit in one D1 batch. Answers committed in one
 * batch carry the same `X-D1-Bookmark` (the batch's position), which is how these tests see a group.
 */

const CONCURRENT = 24;
const endorsePath = (policyId: string) => `/policies/${policyId}/transaction/endorse`;
const day = (i: number) => `2026-${String((i % 9) + 2).padStart(2, "0")}-${String((i % 27) + 1).padStart(2, "0")}`;

/** Answers sharing one bookmark: the sizes of the groups that committed together. */
function groupSizes(responses: Array<{ status: number; headers: Headers }>) {
  const sizes = new Map<string, number>();
  for (const res of responses.filter((r) => r.status === 200)) {
    const bookmark = res.headers.get("X-D1-Bookmark") ?? "";
    sizes.set(bookmark, (sizes.get(bookmark) ?? 0) + 1);
  }
  return [...sizes.values()];
}

describe("group commit of queued endorsements", () => {
  it("commits the accepted ones together, each its own version exactly once, and refuses the others alone", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    // Every third is refused: a limit that is not an integer is 400 InvalidDelta.
    const refused = (i: number) => i % 3 === 2;
    const bodies = Array.from({ length: CONCURRENT }, (_, i) =>
      endorseBody(day(i), [{ path: "policy.limit", value: refused(i) ? "a lot" : 1000 + i }]),
    );
    const responses = await Promise.all(
      bodies.map((body) => f.company.call("POST", endorsePath(policyId), f.admin, { body })),
    );

    const accepted = responses.filter((_, i) => !refused(i));
    expect(accepted.map((r) => r.status)).toEqual(accepted.map(() => 200));
    for (const res of responses.filter((_, i) => refused(i))) {
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("InvalidDelta");
    }
    const versions = accepted.map((r) => r.json.version).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: accepted.length }, (_, i) => i + 2));
    expect((await stored(policyId)).versions).toEqual(Array.from({ length: accepted.length + 1 }, (_, i) => i + 1));
    expect(Math.max(...groupSizes(responses))).toBeGreaterThan(1);
  });

  it("plans each member against the ones before it: the outcome equals the same endorsements one at a time", async () => {
    const f = await setUpPolicies();
    const grouped = (await f.newBusiness()).policyId;
    const serial = (await f.newBusiness()).policyId;
    // Out of sequence on purpose: later members are often effective before earlier ones (reverse and reapply).
    const deltas = Array.from({ length: CONCURRENT }, (_, i) => [{ path: "policy.limit", value: 5000 + i }]);
    const responses = await Promise.all(
      deltas.map((d, i) =>
        f.company.call("POST", endorsePath(grouped), f.admin, { body: endorseBody(day(CONCURRENT - i), d) }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(deltas.map(() => 200));
    expect(Math.max(...groupSizes(responses))).toBeGreaterThan(1);

    // The same endorsements, in the order the group gave them versions, one request at a time.
    const inVersionOrder = responses
      .map((res, i) => ({ version: res.json.version as number, i }))
      .sort((a, b) => a.version - b.version);
    for (const { i } of inVersionOrder) {
      const res = await f.endorse(serial, day(CONCURRENT - i), deltas[i] ?? []);
      expect(res.status, res.text).toBe(200);
    }
    const [a, b] = await Promise.all(
      [grouped, serial].map(async (id) => (await f.company.call("GET", `/policies/${id}`, f.admin)).json),
    );
    // The two policies differ only in their numbers.
    const withoutNumber = (segments: unknown) =>
      JSON.parse(JSON.stringify(segments).replaceAll(`"${b.policyNumber}"`, `"${a.policyNumber}"`));
    expect(a.policyNumber).not.toBe(b.policyNumber);
    expect(withoutNumber(b.segments)).toEqual(a.segments);
    expect(a.version).toBe(b.version);
  });

  it("marks each member's idempotency key in the group's batch: a retry replays its own answer", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const bodies = Array.from({ length: 8 }, (_, i) => endorseBody(day(i), [{ path: "policy.limit", value: 700 + i }]));
    const send = (i: number) =>
      f.company.call("POST", endorsePath(policyId), f.admin, {
        body: bodies[i],
        headers: { "Idempotency-Key": `group-${i}` },
      });
    // Records each commit mark with the policy's stored versions at that moment (a test-only trigger).
    await env.DB.exec(
      "CREATE TABLE IF NOT EXISTS test_marks (idempotency_key TEXT, versions INTEGER); " +
        "CREATE TRIGGER IF NOT EXISTS test_mark AFTER UPDATE OF state ON idempotency_keys " +
        "WHEN NEW.state = 'committed' BEGIN INSERT INTO test_marks SELECT NEW.idempotency_key, " +
        `(SELECT count(*) FROM policy_versions WHERE policy_id = '${policyId}'); END;`,
    );
    const first = await Promise.all(bodies.map((_, i) => send(i)));
    expect(first.map((r) => r.status)).toEqual(bodies.map(() => 200));
    expect(Math.max(...groupSizes(first))).toBeGreaterThan(1);
    const marks = await env.DB.prepare("SELECT idempotency_key AS k, versions FROM test_marks").all<{
      k: string;
      versions: number;
    }>();
    await env.DB.exec("DROP TRIGGER test_mark; DROP TABLE test_marks;");
    // Every key was marked once, and only with (or after) its own version's write.
    const markOf = new Map(marks.results.map((m) => [m.k, m.versions]));
    expect(marks.results).toHaveLength(bodies.length);
    for (const [i, res] of first.entries()) expect(markOf.get(`group-${i}`)).toBeGreaterThanOrEqual(res.json.version);

    const retried = await Promise.all(bodies.map((_, i) => send(i)));
    for (const [i, res] of retried.entries()) {
      expect(res.headers.get("Idempotent-Replayed")).toBe("true");
      expect(res.json.version).toBe(first[i]?.json.version);
    }
    expect((await stored(policyId)).versions).toHaveLength(bodies.length + 1);
  });
});
