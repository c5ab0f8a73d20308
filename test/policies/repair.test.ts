import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createCompany, eventually, expectError, STAFF_TOKEN, staff } from "../support/harness";
import { must } from "../support/must";
import { expectDisplayable } from "../support/user-messages";
import { cancelBody, endorseBody, newBusinessBody, type PolicyFixture, reinstateBody, setUpPolicies } from "./helpers";

const repairPath = (companyId: string) => `/api/v1/companies/${companyId}/policies/repair`;
const repair = (companyId: string, body: unknown, auth = `Bearer ${STAFF_TOKEN}`) =>
  call("POST", repairPath(companyId), { auth, body });

async function policy(f: PolicyFixture, policyId: string) {
  const res = await f.company.call("GET", `/policies/${policyId}`, f.admin);
  expect(res.status, res.text).toBe(200);
  return res.json;
}

async function versionCount(policyId: string) {
  return must(
    await env.DB.prepare("SELECT count(*) AS n FROM policy_versions WHERE policy_id = ?")
      .bind(policyId)
      .first<{ n: number }>(),
  ).n;
}

/** Changes a stored segment outside any transaction or repair, as corruption or a stray script would. */
async function tamper(policyId: string, version: number, jsonPath: string, value: unknown) {
  await env.DB.prepare(
    "UPDATE policy_versions SET coverage = json_set(coverage, ?, json(?)) WHERE policy_id = ? AND version = ?",
  )
    .bind(jsonPath, JSON.stringify(value), policyId, version)
    .run();
}

async function receipts(f: PolicyFixture) {
  const res = await f.company.call("GET", "/audit-log?pageSize=500", f.admin);
  return (res.json.items as Array<Record<string, any>>).filter((e) => e.kind === "receipt");
}

/** SHA-256 hex of JSON with keys sorted at every depth: the documented segment hash. */
async function expectedHash(segment: { startDate: string; endDate: string; data: unknown }) {
  const canonical = (v: unknown): string =>
    Array.isArray(v)
      ? `[${v.map(canonical).join(",")}]`
      : v && typeof v === "object"
        ? `{${Object.keys(v)
            .sort()
            .map((k) => `${JSON.stringify(k)}:${canonical((v as any)[k])}`)
            .join(",")}}`
        : JSON.stringify(v);
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(canonical({ startDate: segment.startDate, endDate: segment.endDate, data: segment.data })),
  );
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe("POST P/policies/repair accepts only the staff Bearer token", () => {
  it("refuses API keys (even SUPER_ADMIN), a missing header and a wrong token with 401, changing nothing", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const body = { kind: "fieldValues", policyId, changes: [{ path: "policy.limit", expected: 1_000_000, value: 5 }] };
    expectError(await repair(f.company.id, body, f.admin), 401, "AuthenticationError", "Invalid staff token");
    expectError(
      await repair(f.company.id, body, `Bearer ${f.admin}`),
      401,
      "AuthenticationError",
      "Invalid staff token",
    );
    expectError(
      await call("POST", repairPath(f.company.id), { body }),
      401,
      "AuthenticationError",
      "Staff authentication required",
    );
    expectError(
      await repair(f.company.id, body, "Bearer not-the-staff-token"),
      401,
      "AuthenticationError",
      "Invalid staff token",
    );
    expect((await policy(f, policyId)).segments[0].data.limit).toBe(1_000_000);
  });

  it("leaves every other company route to API keys: the staff token there is still 401 Invalid API key", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const res = await call("GET", `/api/v1/companies/${f.company.id}/policies/${policyId}`, {
      auth: `Bearer ${STAFF_TOKEN}`,
    });
    expectError(res, 401, "AuthenticationError", "Invalid API key");
    const wipe = await call("POST", `/api/v1/companies/${f.company.id}/policies/deleteAll`, {
      auth: `Bearer ${STAFF_TOKEN}`,
    });
    expectError(wipe, 401, "AuthenticationError", "Invalid API key");
  });

  it("is listed in /openapi.json as a staff route with a summary and description", async () => {
    const operation = (await call("GET", "/openapi.json")).json.paths["/api/v1/companies/{companyId}/policies/repair"]
      .post;
    expect(operation["x-permission"]).toBe("staff");
    expect(operation.security).toEqual([{ StaffToken: [] }]);
    expect(operation.summary).toBeTruthy();
    expect(operation.description).toContain("compare-and-swap");
  });

  it("is audit-logged under the company in the path, with actor staff", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    expect(
      (await repair(f.company.id, { kind: "segmentHashes", policyId, dryRun: true, batchId: "repair-run-7" })).status,
    ).toBe(200);
    const entries = await eventually(
      async () =>
        (await f.company.call("GET", "/audit-log?batchId=repair-run-7", f.admin)).json.items as Array<
          Record<string, unknown>
        >,
      (items) => items.length > 0,
    );
    expect(entries[0]).toMatchObject({
      kind: "request",
      actor: "staff",
      keyId: null,
      action: "repairPolicy",
      method: "POST",
      path: repairPath(f.company.id),
      status: 200,
    });
  });
});

describe("repair: ids and body", () => {
  it("answers 404 for an unknown policy, another company's policy and an unknown company", async () => {
    const f = await setUpPolicies();
    const other = await setUpPolicies();
    const { policyId: theirs } = await other.newBusiness();
    expectError(
      await repair(f.company.id, { kind: "segmentHashes", policyId: theirs }),
      404,
      "NotFoundError",
      "Not found",
    );
    expectError(
      await repair(f.company.id, { kind: "joinHistory", policyId: crypto.randomUUID() }),
      404,
      "NotFoundError",
      "Not found",
    );
    expectError(
      await repair(crypto.randomUUID(), { kind: "segmentHashes", policyId: theirs }),
      404,
      "NotFoundError",
      "Not found",
    );
    // The other company's policy was not touched.
    expect((await receipts(other)).length).toBe(0);
  });

  it("answers 400 VALIDATION_ERROR for malformed ids, an unknown kind and unknown members", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    expectError(await repair("not-a-uuid", { kind: "segmentHashes", policyId }), 400, "VALIDATION_ERROR");
    const badId = expectError(
      await repair(f.company.id, { kind: "segmentHashes", policyId: "nope" }),
      400,
      "VALIDATION_ERROR",
    );
    expect(badId.details.map((d) => d.field)).toContain("policyId");
    expectError(await repair(f.company.id, { kind: "rebuildEverything", policyId }), 400, "VALIDATION_ERROR");
    expectError(await repair(f.company.id, { kind: "segmentHashes", policyId, force: true }), 400, "VALIDATION_ERROR");
    expectError(await repair(f.company.id, { kind: "fieldValues", policyId, changes: [] }), 400, "VALIDATION_ERROR");
  });
});

describe("repair kind segmentHashes", () => {
  it("records a SHA-256 of each segment's canonical {startDate, endDate, data} and then finds them all matching", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    expect((await f.endorse(policyId, "2026-07-01", [{ path: "policy.limit", value: 2_000_000 }])).status).toBe(200);
    const { segments } = await policy(f, policyId);

    const first = await repair(f.company.id, { kind: "segmentHashes", policyId });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ kind: "segmentHashes", policyId, dryRun: false, version: 2 });
    expect(first.json.changes).toEqual([
      {
        segmentIndex: 0,
        startDate: "2026-01-01",
        endDate: "2026-07-01",
        recordedHash: null,
        hash: await expectedHash(segments[0]),
        outcome: "recorded",
      },
      {
        segmentIndex: 1,
        startDate: "2026-07-01",
        endDate: "2027-01-01",
        recordedHash: null,
        hash: await expectedHash(segments[1]),
        outcome: "recorded",
      },
    ]);
    expect(first.json.receiptId).toMatch(/^[0-9a-f-]{36}$/);

    const again = await repair(f.company.id, { kind: "segmentHashes", policyId });
    expect(again.json).toMatchObject({ changes: [], receiptId: null, version: 2 });
    expect(await versionCount(policyId)).toBe(2);
  });

  it("reports a segment changed outside transactions as a mismatch and records its hash again", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    await f.endorse(policyId, "2026-07-01", [{ path: "policy.limit", value: 2_000_000 }]);
    const recorded = (await repair(f.company.id, { kind: "segmentHashes", policyId })).json.changes;

    await tamper(policyId, 2, "$.segments[1].data.limit", 9);
    const tampered = (await policy(f, policyId)).segments[1];
    const res = await repair(f.company.id, { kind: "segmentHashes", policyId });
    expect(res.json.changes).toEqual([
      {
        segmentIndex: 1,
        startDate: "2026-07-01",
        endDate: "2027-01-01",
        recordedHash: recorded[1].hash,
        hash: await expectedHash(tampered),
        outcome: "mismatch",
      },
    ]);
    expect((await repair(f.company.id, { kind: "segmentHashes", policyId })).json.changes).toEqual([]);
  });

  it("reports recorded segments that no longer exist as dropped", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    await f.endorse(policyId, "2026-07-01", [{ path: "policy.limit", value: 2_000_000 }]);
    const recorded = (await repair(f.company.id, { kind: "segmentHashes", policyId })).json.changes;
    await env.DB.prepare(
      "UPDATE policy_versions SET coverage = json_remove(coverage, '$.segments[1]') WHERE policy_id = ? AND version = 2",
    )
      .bind(policyId)
      .run();
    const res = await repair(f.company.id, { kind: "segmentHashes", policyId, dryRun: true });
    expect(res.json.changes).toEqual([
      {
        segmentIndex: 1,
        startDate: "2026-07-01",
        endDate: "2027-01-01",
        recordedHash: recorded[1].hash,
        hash: null,
        outcome: "dropped",
      },
    ]);
  });

  it("on a dry run reports the same changes and records nothing", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const dry = await repair(f.company.id, { kind: "segmentHashes", policyId, dryRun: true });
    expect(dry.json).toMatchObject({ dryRun: true, receiptId: null });
    expect(dry.json.changes.map((c: any) => c.outcome)).toEqual(["recorded"]);
    const real = await repair(f.company.id, { kind: "segmentHashes", policyId });
    expect(real.json.changes).toEqual(dry.json.changes);
    expect((await receipts(f)).map((r) => r.action)).toEqual(["repairPolicy.segmentHashes"]);
  });

  it("holds for the version it was recorded on: a later transaction's version starts unrecorded", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    await repair(f.company.id, { kind: "segmentHashes", policyId });
    await f.endorse(policyId, "2026-07-01", [{ path: "policy.limit", value: 2_000_000 }]);
    const res = await repair(f.company.id, { kind: "segmentHashes", policyId, dryRun: true });
    expect(res.json.version).toBe(2);
    expect(res.json.changes.map((c: any) => c.outcome)).toEqual(["recorded", "recorded"]);
  });
});

describe("repair kind joinHistory", () => {
  async function renewal(f: PolicyFixture) {
    const { policyId: previous } = await f.newBusiness();
    const res = await f.company.call("POST", "/policies/transaction/renew", f.admin, {
      body: newBusinessBody({
        previousPolicy: previous,
        policyStartDate: { date: "2027-01-01" },
        policyEndDate: { date: "2028-01-01" },
      }),
    });
    expect(res.status, res.text).toBe(200);
    return { previous, renewed: res.json.policyId as string };
  }
  const linksFrom = async (f: PolicyFixture, fromId: string) =>
    (await f.company.call("GET", `/relationships/previousPolicy/links?fromId=${fromId}`, f.admin)).json.items as Array<{
      id: string;
      toId: string;
    }>;
  const head = (policyId: string) =>
    env.DB.prepare("SELECT previous_policy_id AS p FROM policies WHERE id = ?")
      .bind(policyId)
      .first<{ p: string | null }>();

  it("changes nothing on a consistent renewal", async () => {
    const f = await setUpPolicies();
    const { renewed } = await renewal(f);
    const res = await repair(f.company.id, { kind: "joinHistory", policyId: renewed });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      kind: "joinHistory",
      policyId: renewed,
      dryRun: false,
      version: 1,
      receiptId: null,
      changes: [],
    });
  });

  it("rebuilds a removed previousPolicy link from the renewal recorded in the version data", async () => {
    const f = await setUpPolicies();
    const { previous, renewed } = await renewal(f);
    const [link] = await linksFrom(f, renewed);
    // previousPolicy links are written only by renew (issue 11): the damage is done in storage.
    await env.DB.prepare("DELETE FROM relationship_links WHERE id = ?").bind(must(link).id).run();

    const dry = await repair(f.company.id, { kind: "joinHistory", policyId: renewed, dryRun: true });
    expect(dry.json.changes).toEqual([
      { target: "previousPolicyLink", action: "add", linkId: expect.any(String), toId: previous },
    ]);
    expect(await linksFrom(f, renewed)).toEqual([]);

    const res = await repair(f.company.id, { kind: "joinHistory", policyId: renewed });
    const [added] = res.json.changes;
    expect(added).toMatchObject({ target: "previousPolicyLink", action: "add", toId: previous });
    expect((await linksFrom(f, renewed)).map((l) => ({ id: l.id, toId: l.toId }))).toEqual([
      { id: added.linkId, toId: previous },
    ]);
    expect((await repair(f.company.id, { kind: "joinHistory", policyId: renewed })).json.changes).toEqual([]);
  });

  it("removes a previousPolicy link that new business never recorded", async () => {
    const f = await setUpPolicies();
    const { policyId: a } = await f.newBusiness();
    const { policyId: b } = await f.newBusiness();
    // previousPolicy links are written only by renew (issue 11): the stray link is placed in storage.
    const linkId = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO relationship_links (id, company_id, relationship_key, from_id, to_id, created_at) VALUES (?, ?, 'previousPolicy', ?, ?, ?)",
    )
      .bind(linkId, f.company.id, b, a, new Date().toISOString())
      .run();
    const res = await repair(f.company.id, { kind: "joinHistory", policyId: b });
    expect(res.json.changes).toEqual([{ target: "previousPolicyLink", action: "remove", linkId, toId: a }]);
    expect(await linksFrom(f, b)).toEqual([]);
    expect(must(await head(b)).p).toBeNull();
  });

  it("restores the head's previousPolicy (and the list filter on it) and re-points a wrong link", async () => {
    const f = await setUpPolicies();
    const { previous, renewed } = await renewal(f);
    const { policyId: stranger } = await f.newBusiness();
    const [link] = await linksFrom(f, renewed);
    await env.DB.prepare("UPDATE policies SET previous_policy_id = NULL WHERE id = ?").bind(renewed).run();
    await env.DB.prepare("UPDATE relationship_links SET to_id = ? WHERE id = ?").bind(stranger, must(link).id).run();
    expect((await f.company.call("GET", `/policies/list?previousPolicy=${previous}`, f.admin)).json.totalCount).toBe(0);

    const res = await repair(f.company.id, { kind: "joinHistory", policyId: renewed });
    expect(res.json.changes).toEqual([
      { target: "previousPolicy", before: null, after: previous },
      { target: "previousPolicyLink", action: "remove", linkId: must(link).id, toId: stranger },
      { target: "previousPolicyLink", action: "add", linkId: expect.any(String), toId: previous },
    ]);
    expect(must(await head(renewed)).p).toBe(previous);
    expect((await linksFrom(f, renewed)).map((l) => l.toId)).toEqual([previous]);
    const listed = (await f.company.call("GET", `/policies/list?previousPolicy=${previous}`, f.admin)).json;
    expect(listed.items.map((i: any) => i.policyId)).toEqual([renewed]);
    const [receipt] = await receipts(f);
    expect(receipt).toMatchObject({
      action: "repairPolicy.joinHistory",
      actor: "staff",
      keyId: null,
      id: res.json.receiptId,
    });
    expect(must(receipt).detail.changes).toEqual(res.json.changes);
  });

  it("refuses with 409 PreviousPolicyMissing when the recorded previous policy is gone", async () => {
    const f = await setUpPolicies();
    const { previous, renewed } = await renewal(f);
    await env.DB.prepare("DELETE FROM policies WHERE id = ?").bind(previous).run();
    const error = expectError(
      await repair(f.company.id, { kind: "joinHistory", policyId: renewed }),
      409,
      "PreviousPolicyMissing",
    );
    expect(error.details).toEqual([
      { field: "previousPolicy", message: `names ${previous}, which is not a policy of this company` },
    ]);
  });
});

describe("POST P/policies/repair takes Idempotency-Key like every company mutation (CONTRACT 8.1)", () => {
  const keyed = (companyId: string, body: unknown, key: string) =>
    call("POST", repairPath(companyId), { auth: `Bearer ${STAFF_TOKEN}`, body, headers: { "Idempotency-Key": key } });

  it("replays a repair's answer instead of running it again; another body under the key is 422", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const body = { kind: "fieldValues", policyId, changes: [{ path: "policy.limit", expected: 1_000_000, value: 5 }] };
    const first = await keyed(f.company.id, body, "repair-1");
    expect(first.status, first.text).toBe(200);
    // Run again, the compare-and-swap would now be 409 FieldValueMismatch: the retry replays the 200 instead.
    const retry = await keyed(f.company.id, body, "repair-1");
    expect(retry.status, retry.text).toBe(200);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.json).toEqual(first.json);
    expect((await policy(f, policyId)).segments[0].data.limit).toBe(5);
    const other = { ...body, changes: [{ path: "policy.limit", expected: 5, value: 6 }] };
    expectError(await keyed(f.company.id, other, "repair-1"), 422, "IdempotencyKeyReused");
    expect((await policy(f, policyId)).segments[0].data.limit).toBe(5);
    // Without the key the same body runs again, and is refused by its own guard.
    expectError(await repair(f.company.id, body), 409, "FieldValueMismatch");
  });

  it("refuses a malformed key with 400 naming the header, running nothing", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const body = { kind: "fieldValues", policyId, changes: [{ path: "policy.limit", expected: 1_000_000, value: 5 }] };
    const error = expectError(await keyed(f.company.id, body, "k".repeat(256)), 400, "VALIDATION_ERROR");
    expect(error.details).toEqual([
      { field: "Idempotency-Key", message: "must be 1 to 255 printable ASCII characters" },
    ]);
    expect((await policy(f, policyId)).segments[0].data.limit).toBe(1_000_000);
  });
});

describe("repair kind fieldValues (compare-and-swap)", () => {
  const fieldValues = (companyId: string, policyId: string, changes: unknown[], extra: Record<string, unknown> = {}) =>
    repair(companyId, { kind: "fieldValues", policyId, changes, ...extra });

  it("replaces a value in every segment of the current version in place, without a new version, with an audit receipt", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    await f.endorse(policyId, "2026-07-01", [{ path: "policy.coverageType", value: "auto" }]);
    const res = await fieldValues(
      f.company.id,
      policyId,
      [{ path: "policy.limit", expected: 1_000_000, value: 1_500_000 }],
      { batchId: "fix-42" },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ kind: "fieldValues", policyId, dryRun: false, version: 2 });
    expect(res.json.changes).toEqual([
      {
        segments: "segments",
        segmentIndex: 0,
        startDate: "2026-01-01",
        endDate: "2026-07-01",
        path: "policy.limit",
        before: 1_000_000,
        after: 1_500_000,
        derived: false,
      },
      {
        segments: "segments",
        segmentIndex: 1,
        startDate: "2026-07-01",
        endDate: "2027-01-01",
        path: "policy.limit",
        before: 1_000_000,
        after: 1_500_000,
        derived: false,
      },
    ]);
    const after = await policy(f, policyId);
    expect(after.version).toBe(2);
    expect(after.segments.map((s: any) => s.data.limit)).toEqual([1_500_000, 1_500_000]);
    expect(await versionCount(policyId)).toBe(2);

    const [receipt] = await receipts(f);
    expect(receipt).toMatchObject({
      id: res.json.receiptId,
      action: "repairPolicy.fieldValues",
      actor: "staff",
      batchId: "fix-42",
      status: 200,
    });
    expect(must(receipt).detail).toMatchObject({ policyId, version: 2, changes: res.json.changes });
  });

  it("refuses with 409 FieldValueMismatch naming the path when a stored value is not the expected one, and changes nothing", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    await f.endorse(policyId, "2026-07-01", [{ path: "policy.limit", value: 2_000_000 }]);
    const res = await fieldValues(f.company.id, policyId, [
      { path: "policy.coverageType", expected: null, value: "gl" },
      { path: "policy.limit", expected: 1_000_000, value: 1_500_000 },
    ]);
    const error = expectError(res, 409, "FieldValueMismatch");
    expect(error.message).toBe(
      "Stored values differ from the expected ones; nothing was changed: policy.limit segment 1 (2026-07-01 to 2027-01-01) holds 2000000, not the expected 1000000",
    );
    expect(error.details).toEqual([
      {
        field: "policy.limit",
        message: "segment 1 (2026-07-01 to 2027-01-01) holds 2000000, not the expected 1000000",
      },
    ]);
    const after = await policy(f, policyId);
    expect(after.segments.map((s: any) => [s.data.limit, s.data.coverageType ?? null])).toEqual([
      [1_000_000, null],
      [2_000_000, null],
    ]);
    expect(await receipts(f)).toEqual([]);
  });

  it("words every refusal for people: the change by its number, the field by name, no paths", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const refusals: Array<[unknown[], number, string, string[]]> = [
      [
        [{ path: "policy.limit", expected: 1_000_000, value: "a lot" }],
        400,
        "VALIDATION_ERROR",
        ["The change to Limit must be a whole number."],
      ],
      [
        [{ segmentIndex: 3, path: "policy.limit", expected: 1, value: 2 }],
        400,
        "VALIDATION_ERROR",
        ["Change 1 names a segment the current version does not have."],
      ],
      [[{ path: "limit", expected: 1, value: 2 }], 400, "VALIDATION_ERROR", ["Change 1 must name a policy field."]],
      [
        [
          { path: "policy.limit", expected: 1_000_000, value: 2 },
          { path: "policy.limit", expected: 1_000_000, value: 3 },
        ],
        400,
        "VALIDATION_ERROR",
        ["Change 2 changes the same value as an earlier change, in the same segment."],
      ],
      [
        [{ path: "policy.limit", expected: 5, value: 2 }],
        409,
        "FieldValueMismatch",
        ["The stored value of Limit is not the expected one; nothing was changed."],
      ],
    ];
    for (const [changes, status, code, messages] of refusals) {
      const error = expectError(await fieldValues(f.company.id, policyId, changes), status, code);
      expect(error.userMessages, JSON.stringify(changes)).toEqual(messages);
      expectDisplayable(error.userMessages, JSON.stringify(changes));
    }
  });

  it("targets one segment with segmentIndex", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    await f.endorse(policyId, "2026-07-01", [{ path: "policy.limit", value: 2_000_000 }]);
    const res = await fieldValues(f.company.id, policyId, [
      { segmentIndex: 1, path: "policy.limit", expected: 2_000_000, value: 2_500_000 },
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.json.changes.map((c: any) => [c.segmentIndex, c.before, c.after])).toEqual([[1, 2_000_000, 2_500_000]]);
    expect((await policy(f, policyId)).segments.map((s: any) => s.data.limit)).toEqual([1_000_000, 2_500_000]);
    const outOfRange = expectError(
      await fieldValues(f.company.id, policyId, [{ segmentIndex: 2, path: "policy.limit", expected: 1, value: 2 }]),
      400,
      "VALIDATION_ERROR",
    );
    expect(outOfRange.details).toEqual([
      { field: "changes[0].segmentIndex", message: "must name a segment of the current version (0 to 1)" },
    ]);
  });

  it("changes only the current version: another version number is 409 StalePolicyVersion", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    await f.endorse(policyId, "2026-07-01", [{ path: "policy.coverageType", value: "auto" }]);
    const error = expectError(
      await fieldValues(f.company.id, policyId, [{ version: 1, path: "policy.limit", expected: 1_000_000, value: 7 }]),
      409,
      "StalePolicyVersion",
    );
    expect(error.details).toEqual([{ field: "changes[0].version", message: "is 1, but the current version is 2" }]);
    expect(
      (await fieldValues(f.company.id, policyId, [{ version: 2, path: "policy.limit", expected: 1_000_000, value: 7 }]))
        .status,
    ).toBe(200);
    const v1 = await f.company.call("GET", `/policies/${policyId}/versions/1?detail=full`, f.admin);
    expect(v1.json.segments[0].data.limit).toBe(1_000_000);
  });

  it("on a dry run answers the changes and writes nothing", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const res = await fieldValues(f.company.id, policyId, [{ path: "policy.limit", expected: 1_000_000, value: 3 }], {
      dryRun: true,
    });
    expect(res.json).toMatchObject({
      dryRun: true,
      receiptId: null,
      changes: [{ path: "policy.limit", before: 1_000_000, after: 3 }],
    });
    expect((await policy(f, policyId)).segments[0].data.limit).toBe(1_000_000);
    expect(await receipts(f)).toEqual([]);
  });

  it("checks new values as a write would (400 VALIDATION_ERROR naming the path) and stores them normalized", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const bad = expectError(
      await fieldValues(f.company.id, policyId, [{ path: "policy.limit", expected: 1_000_000, value: "a lot" }]),
      400,
      "VALIDATION_ERROR",
    );
    expect(bad.details).toEqual([{ field: "policy.limit", message: "must be a whole number" }]);
    const option = expectError(
      await fieldValues(f.company.id, policyId, [{ path: "policy.coverageType", expected: null, value: "marine" }]),
      400,
      "VALIDATION_ERROR",
    );
    expect(must(option.details[0]).field).toBe("policy.coverageType");

    const res = await fieldValues(f.company.id, policyId, [
      { path: "policy.retroDate", expected: null, value: { date: "2020-01-01" } },
    ]);
    expect(res.status, res.text).toBe(200);
    expect((await policy(f, policyId)).segments[0].data.retroDate).toEqual({
      date: "2020-01-01",
      timezone: "America/New_York",
    });
    expect((await policy(f, policyId)).segments[0].data.limit).toBe(1_000_000);
  });

  it("refuses platform-owned members, unknown fields, a missing expected value and overlapping changes with 400", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const cases: Array<[unknown, string, string]> = [
      [
        { path: "policy.policyNumber", expected: "x", value: "y" },
        "policy.policyNumber",
        "is the policy's identity and cannot be repaired in place",
      ],
      [
        { path: "policy.previousPolicy", expected: null, value: policyId },
        "policy.previousPolicy",
        "is the renewal link; use the joinHistory repair",
      ],
      [
        { path: "policy.policyEndDate", expected: null, value: null },
        "policy.policyEndDate",
        "shapes the term and its segments; change it with a transaction",
      ],
      [
        { path: "policy.primaryInsuredName", expected: null, value: "Me" },
        "policy.primaryInsuredName",
        "is derived from the policy's exposures",
      ],
      [{ path: "policy.nonsense", expected: null, value: 1 }, "policy.nonsense", "is not a policy field"],
      [{ path: "limit", expected: null, value: 1 }, "changes[0].path", "must be a path like policy.<referenceId>"],
    ];
    for (const [change, field, message] of cases) {
      const error = expectError(await fieldValues(f.company.id, policyId, [change]), 400, "VALIDATION_ERROR");
      expect(error.details).toEqual([{ field, message }]);
    }
    const missing = expectError(
      await fieldValues(f.company.id, policyId, [{ path: "policy.limit", value: 1 }]),
      400,
      "VALIDATION_ERROR",
    );
    expect(missing.details.map((d) => d.field)).toEqual(["changes[0].expected"]);
    const overlap = expectError(
      await fieldValues(f.company.id, policyId, [
        { path: "policy.fullTermPricingInfo", expected: null, value: null },
        { path: "policy.fullTermPricingInfo.pricingComponents", expected: null, value: [] },
      ]),
      400,
      "VALIDATION_ERROR",
    );
    expect(must(overlap.details[0]).field).toBe("changes[1].path");
    expect(await receipts(f)).toEqual([]);
  });

  it("recomputes pricing rollups and the derived primary insured from the repaired data", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const stored = await policy(f, policyId);
    const components = [{ label: "Base premium", group: "premium", kind: "Premium", value: 800 }];
    const res = await fieldValues(f.company.id, policyId, [
      {
        path: "policy.fullTermPricingInfo.pricingComponents",
        expected: stored.fullTermPricingInfo.pricingComponents,
        value: components,
      },
      { path: "policy.exposures.0.exposureName", expected: "Main street warehouse", value: "Harbour warehouse" },
    ]);
    expect(res.status, res.text).toBe(200);
    const after = await policy(f, policyId);
    expect(after.fullTermPricingInfo).toEqual({
      pricingComponents: components,
      premium: 800,
      taxes: 0,
      fees: 0,
      brokerCommission: 0,
      programCommission: 0,
    });
    expect(after.primaryInsuredName).toBe("Harbour warehouse");
    expect(res.json.changes.filter((c: any) => c.derived).map((c: any) => [c.path, c.before, c.after])).toEqual([
      ["policy.primaryInsuredName", "Main street warehouse", "Harbour warehouse"],
    ]);
  });

  it("refuses repaired pricing whose rollups are negative, as every write does (400, nothing changed)", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const stored = await policy(f, policyId);
    const discount = [{ label: "Discount", group: "premium", kind: "Premium", value: -50 }];
    const res = await fieldValues(f.company.id, policyId, [
      {
        path: "policy.fullTermPricingInfo.pricingComponents",
        expected: stored.fullTermPricingInfo.pricingComponents,
        value: discount,
      },
    ]);
    const error = expectError(res, 400, "VALIDATION_ERROR");
    expect(error.details).toEqual([
      {
        field: "policy.fullTermPricingInfo.premium",
        message: "must not be negative: the components of its kind sum to -50",
      },
    ]);
    expect((await policy(f, policyId)).fullTermPricingInfo).toEqual(stored.fullTermPricingInfo);
  });

  it("on a cancelled policy also repairs the coverage a reinstatement restores", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    expect(
      (
        await f.company.call("POST", `/policies/${policyId}/transaction/cancel`, f.admin, {
          body: cancelBody("2026-04-01"),
        })
      ).status,
    ).toBe(200);
    const res = await fieldValues(f.company.id, policyId, [
      { path: "policy.limit", expected: 1_000_000, value: 750_000 },
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.json.changes.map((c: any) => [c.segments, c.startDate, c.endDate])).toEqual([
      ["segments", "2026-01-01", "2026-04-01"],
      ["restore", "2026-01-01", "2027-01-01"],
    ]);
    const reinstated = await f.company.call("POST", `/policies/${policyId}/transaction/reinstate`, f.admin, {
      body: reinstateBody(),
    });
    expect(reinstated.status, reinstated.text).toBe(200);
    expect(reinstated.json.segments.map((s: any) => s.data.limit)).toEqual([750_000]);
  });

  it("keeps recorded segment hashes in step: a later segmentHashes run finds no mismatch", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    await repair(f.company.id, { kind: "segmentHashes", policyId });
    expect(
      (await fieldValues(f.company.id, policyId, [{ path: "policy.limit", expected: 1_000_000, value: 2 }])).status,
    ).toBe(200);
    expect((await repair(f.company.id, { kind: "segmentHashes", policyId })).json.changes).toEqual([]);
  });

  it("works on a Live company (repairs are not Sandbox-only)", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    expect((await staff("PATCH", `/admin/companies/${f.company.id}`, { lifecycle: "live" })).status).toBe(200);
    expect(
      (await fieldValues(f.company.id, policyId, [{ path: "policy.limit", expected: 1_000_000, value: 9 }])).status,
    ).toBe(200);
  });

  it("is serialized: of many identical compare-and-swaps at once exactly one applies, beside concurrent endorsements", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const change = [{ path: "policy.limit", expected: 1_000_000, value: 1_000_001 }];
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => fieldValues(f.company.id, policyId, change)),
      f.company.call("POST", `/policies/${policyId}/transaction/endorse`, f.admin, {
        body: endorseBody("2026-09-01", [{ path: "policy.coverageType", value: "gl" }]),
      }),
    ]);
    const repairs = results.slice(0, 8);
    expect(repairs.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of repairs.filter((r) => r.status !== 200))
      expect(refused.json.error.code).toBe("FieldValueMismatch");
    expect(must(results[8]).status).toBe(200);
    const after = await policy(f, policyId);
    expect(after.version).toBe(2);
    expect(after.segments.at(-1).data.coverageType).toBe("gl");
  });
});

describe("repair leaves another company's data alone", () => {
  it("never reads another company's policy under this company's path", async () => {
    const mine = await createCompany();
    const other = await setUpPolicies();
    const { policyId } = await other.newBusiness();
    const res = await repair(mine.id, {
      kind: "fieldValues",
      policyId,
      changes: [{ path: "policy.limit", expected: 1_000_000, value: 1 }],
    });
    expectError(res, 404, "NotFoundError", "Not found");
    expect((await policy(other, policyId)).segments[0].data.limit).toBe(1_000_000);
  });
});
