import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { field, plan, sequence } from "./write-input";

/**
 * Which writes `planWrite` refuses, and in what order (interface: write groups 403, guarded status fields 409,
 * GeneratedFieldWrite 400, then field problems 400).
 */

describe("write groups: a body naming a locked field is refused whole, whatever the value", () => {
  const fields = [
    field("name", "String"),
    field("limit", "Integer", { writePermission: "underwriting" }),
    field("notes", "String", { writePermission: "claims" }),
  ];

  it("names each locked field and its group, even when the value is the one held", () => {
    const result = plan({
      fields,
      existing: { limit: 100 },
      body: { name: "A", limit: 100, notes: "x" },
      holdsWriteGroup: (group) => group === "claims",
    });
    expect(result).toEqual({
      ok: false,
      refusal: { kind: "write-group", fields: [{ referenceId: "limit", group: "underwriting" }] },
    });
  });

  it("accepts the write when the caller holds the group, and ignores batchId", () => {
    const result = plan({ fields, body: { limit: 5, batchId: "nightly" }, holdsWriteGroup: () => true });
    expect(result).toEqual({ ok: true, data: { limit: 5 }, sequencesToMint: [] });
  });

  it("comes before every other refusal", () => {
    const result = plan({
      entityType: "event",
      fields: [...fields, sequence("claimNumber")],
      existing: { eventStatus: "open" },
      body: { eventStatus: "closed", claimNumber: "P-9", unknown: 1, limit: "not a number" },
      holdsWriteGroup: () => false,
    });
    expect(result).toMatchObject({ ok: false, refusal: { kind: "write-group" } });
  });

  // Reference model: the locked fields are the body's keys (in body order) whose field has a group the
  // caller lacks; the write is refused exactly when there is one.
  it("refuses exactly when the body names a field of a group the caller lacks", () => {
    const groups = ["underwriting", "claims", "billing"];
    const config = fc.array(fc.option(fc.constantFrom(...groups), { nil: null }), { minLength: 5, maxLength: 5 });
    fc.assert(
      fc.property(
        config,
        fc.subarray(groups),
        fc.shuffledSubarray(["f0", "f1", "f2", "f3", "f4"]),
        (permissions, held, keys) => {
          const fields = permissions.map((writePermission, i) => field(`f${i}`, "String", { writePermission }));
          const body = Object.fromEntries(keys.map((k) => [k, "v"]));
          const locked = keys.flatMap((k) => {
            const group = permissions[Number(k.slice(1))];
            return group && !held.includes(group) ? [{ referenceId: k, group }] : [];
          });
          const result = plan({ fields, body, holdsWriteGroup: (g) => held.includes(g) });
          if (locked.length) expect(result).toEqual({ ok: false, refusal: { kind: "write-group", fields: locked } });
          else expect(result).toEqual({ ok: true, data: body, sequencesToMint: [] });
        },
      ),
    );
  });
});

describe("guarded status fields change only through their endpoints", () => {
  it.each([
    ["event", "eventStatus", "open", "closed", "/events/{eventId}/close or /reopen"],
    ["submission", "submissionStatus", "draft", "bound", "/submissions/{submissionId}/close or /reopen"],
    ["quote", "quoteStatus", "draft", "bound", "/quotes/{quoteId}/cancel, /quotes/{quoteId}/complete or /quotes/bind"],
  ])(
    "a %s update changing %s is refused naming the endpoint; the held value is accepted",
    (entityType, key, held, sent, path) => {
      const existing = { [key]: held };
      const refused = plan({ entityType, existing, body: { [key]: sent } });
      expect(refused).toMatchObject({ ok: false, refusal: { kind: "guarded-status", referenceId: key } });
      if (!refused.ok && refused.refusal.kind === "guarded-status") expect(refused.refusal.endpoint).toContain(path);
      expect(plan({ entityType, existing, body: { [key]: held } }).ok).toBe(true);
    },
  );

  it("an event's log is replaced only through its endpoint", () => {
    const history = [{ action: "open", effectiveOnDate: { date: "2025-01-01", timezone: "America/New_York" } }];
    const result = plan({
      entityType: "event",
      existing: { eventStatus: "open", eventOpenCloseHistory: history },
      body: { eventOpenCloseHistory: [] },
    });
    expect(result).toMatchObject({
      ok: false,
      refusal: { kind: "guarded-status", referenceId: "eventOpenCloseHistory" },
    });
    if (!result.ok && result.refusal.kind === "guarded-status")
      expect(result.refusal.endpoint).toContain("/open-close-history");
    const resent = plan({
      entityType: "event",
      existing: { eventOpenCloseHistory: history },
      body: { eventOpenCloseHistory: history },
    });
    expect(resent.ok).toBe(true);
  });

  it("on create, an event may state its status; every other guarded field must be absent or null", () => {
    expect(plan({ entityType: "event", body: { eventStatus: "closed" } })).toEqual({
      ok: true,
      data: { eventStatus: "closed" },
      sequencesToMint: [],
    });
    expect(plan({ entityType: "submission", body: { submissionStatus: null } }).ok).toBe(true);
    expect(plan({ entityType: "submission", body: { submissionStatus: "draft" } })).toMatchObject({
      refusal: { kind: "guarded-status", referenceId: "submissionStatus" },
    });
    expect(plan({ entityType: "event", body: { eventOpenCloseHistory: [] } })).toMatchObject({
      refusal: { kind: "guarded-status", referenceId: "eventOpenCloseHistory" },
    });
  });

  it("come before generated-field and value problems", () => {
    const result = plan({
      entityType: "event",
      fields: [sequence("claimNumber")],
      existing: { eventStatus: "open" },
      body: { claimNumber: "P-1", eventStatus: "closed", unknown: true },
    });
    expect(result).toMatchObject({ refusal: { kind: "guarded-status" } });
  });

  // "Sending the value already held is accepted" (guarded-fields.ts): the same JSON with its members in
  // another order is the value held (compared with sameJson, without key order).
  it("accepts the held log resent with its members in another order", () => {
    const stored = [{ action: "open", effectiveOnDate: { date: "2025-01-01", timezone: "America/New_York" } }];
    const resent = [{ effectiveOnDate: { timezone: "America/New_York", date: "2025-01-01" }, action: "open" }];
    expect(
      plan({
        entityType: "event",
        existing: { eventOpenCloseHistory: stored },
        body: { eventOpenCloseHistory: resent },
      }).ok,
    ).toBe(true);
  });

  // Reference model: on update, a guarded field is refused exactly when the sent value differs from the held one.
  it("refuse an update exactly when the status sent differs from the one held", () => {
    const status = fc.constantFrom("open", "closed", null);
    fc.assert(
      fc.property(status, status, (held, sent) => {
        const result = plan({ entityType: "event", existing: { eventStatus: held }, body: { eventStatus: sent } });
        expect(result.ok).toBe(held === sent);
      }),
    );
  });
});

describe("generated (Sequence) values may be resent unchanged, never originated", () => {
  const fields = [field("name", "String"), sequence("policyRef")];

  it("refuses a value on create, or a changed value on update, naming each field", () => {
    expect(plan({ fields, body: { policyRef: "P-0001", name: "A" } })).toEqual({
      ok: false,
      refusal: { kind: "generated", referenceIds: ["policyRef"] },
    });
    expect(plan({ fields, existing: { policyRef: "P-0001" }, body: { policyRef: "P-0002" } })).toMatchObject({
      refusal: { kind: "generated", referenceIds: ["policyRef"] },
    });
  });

  it("accepts null, and the value held resent unchanged (which stays as stored)", () => {
    expect(plan({ fields, body: { policyRef: null, name: "A" } })).toMatchObject({ ok: true, data: { name: "A" } });
    expect(plan({ fields, existing: { policyRef: "P-0001" }, body: { policyRef: "P-0001", name: "B" } })).toEqual({
      ok: true,
      data: { policyRef: "P-0001", name: "B" },
      sequencesToMint: [],
    });
  });

  it("come before value problems", () => {
    expect(plan({ fields, body: { policyRef: "P-1", name: 5, other: 1 } })).toMatchObject({
      refusal: { kind: "generated" },
    });
  });

  it("on create, asks for a number for each create-time sequence left empty; none on update or for bind-time ones", () => {
    const minted = plan({ fields: [...fields, sequence("bindRef", "bind")], body: { name: "A" } });
    expect(minted).toEqual({ ok: true, data: { name: "A" }, sequencesToMint: [sequence("policyRef")] });
    expect(plan({ fields, existing: { name: "A" }, body: { name: "B" } })).toMatchObject({ sequencesToMint: [] });
  });

  // Reference model: refused exactly when the value sent is not null and not the one held.
  it("refuse exactly an originated or changed value", () => {
    const value = fc.constantFrom("P-0001", "P-0002", null);
    fc.assert(
      fc.property(fc.option(value, { nil: undefined }), value, (held, sent) => {
        const existing = held === undefined ? null : { policyRef: held };
        const result = plan({ fields, existing, body: { policyRef: sent } });
        const originated = sent !== null && sent !== (held ?? null);
        expect(result.ok ? null : result.refusal.kind).toBe(originated ? "generated" : null);
      }),
    );
  });
});

describe("read-only fields and platform-owned members", () => {
  const fields = [field("name", "String"), field("score", "Integer", { readOnly: true })];

  it("a read-only field refuses a new value and accepts the held one (kept as stored)", () => {
    expect(plan({ fields, existing: { score: 3 }, body: { score: 4 } })).toEqual({
      ok: false,
      refusal: { kind: "invalid", problems: [{ path: "score", problem: "is read-only" }] },
    });
    expect(plan({ fields, existing: { score: 3 }, body: { score: 3, name: "A" } })).toEqual({
      ok: true,
      data: { score: 3, name: "A" },
      sequencesToMint: [],
    });
  });

  it("a quote's lifecycle fields are the platform's: refused unless unchanged", () => {
    expect(plan({ entityType: "quote", existing: { quoteNumber: "Q-1" }, body: { quoteNumber: "Q-2" } })).toEqual({
      ok: false,
      refusal: {
        kind: "invalid",
        problems: [{ path: "quoteNumber", problem: "is set by the platform and cannot be written" }],
      },
    });
    expect(plan({ entityType: "quote", existing: { quoteNumber: "Q-1" }, body: { quoteNumber: "Q-1" } }).ok).toBe(true);
  });

  it("an event's name and lifecycle dates are ignored on write, and the write still succeeds", () => {
    const result = plan({
      entityType: "event",
      existing: { eventName: "Hail 2025-01-01" },
      body: { eventName: "Mine", eventClosedOn: { date: "2025-01-01" }, userSetEventName: "Hail" },
    });
    expect(result).toEqual({
      ok: true,
      data: { eventName: "Hail 2025-01-01", userSetEventName: "Hail" },
      sequencesToMint: [],
    });
  });

  it("a key that is neither a configured field nor a platform member is refused", () => {
    expect(plan({ fields, body: { nickname: "A" } })).toEqual({
      ok: false,
      refusal: { kind: "invalid", problems: [{ path: "nickname", problem: "is not a configured field" }] },
    });
  });
});
