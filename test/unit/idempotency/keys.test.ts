import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CLAIM_ATTEMPTS,
  claimOrFind,
  type HeldKey,
  isIdempotencyKey,
  LOST_AFTER_MS,
  meetHeldKey,
  RETENTION_MS,
  savesAnswer,
  settlementOf,
} from "../../../worker/domain/idempotency/keys";

const NOW = new Date("2026-11-24T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const held = (over: Partial<HeldKey> = {}): HeldKey => ({
  fingerprint: "f",
  state: "done",
  createdAt: ago(1000),
  expiresAt: new Date(NOW.getTime() + RETENTION_MS).toISOString(),
  ...over,
});

describe("idempotency keys (CONTRACT 8.1)", () => {
  it("are 1 to 255 printable ASCII characters", () => {
    expect(["a", " ", "~", "x".repeat(255), "order-42/retry"].every(isIdempotencyKey)).toBe(true);
    expect(["", "x".repeat(256), "tab\t", "é", "\u007f", "line\n"].some(isIdempotencyKey)).toBe(false);
    fc.assert(
      fc.property(
        fc.string({
          minLength: 1,
          maxLength: 255,
          unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
        }),
        (key) => isIdempotencyKey(key),
      ),
    );
  });

  it("save 2xx, 404 (not a switched-off feature's) and 422; nothing else", () => {
    expect([200, 201, 202, 204, 404, 422].map((s) => savesAnswer(s, false))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([400, 401, 403, 404, 409, 413, 415, 429, 500].map((s) => savesAnswer(s, s === 404))).toEqual(
      Array(9).fill(false),
    );
  });

  it("settle: save a business outcome, free a refusal whatever it wrote, free a server error only if it wrote nothing", () => {
    expect([200, 201, 204, 404, 422].map((s) => settlementOf(s, false))).toEqual(Array(5).fill("save"));
    expect([400, 403, 409, 413, 429].map((s) => settlementOf(s, false))).toEqual(Array(5).fill("free"));
    expect(settlementOf(404, true)).toBe("free");
    expect([500, 502, 503].map((s) => settlementOf(s, false))).toEqual(Array(3).fill("free-if-uncommitted"));
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), fc.boolean(), (status, switchedOff) => {
        const settlement = settlementOf(status, switchedOff);
        expect(settlement === "save").toBe(savesAnswer(status, switchedOff));
        if (settlement === "free") expect(status >= 400 && status < 500).toBe(true);
      }),
    );
  });

  it("meet a held key: replay, reuse, in flight, lost answer, or take over when expired or lost", () => {
    expect(meetHeldKey(held(), "f", NOW)).toBe("replay");
    expect(meetHeldKey(held(), "g", NOW)).toBe("reused");
    expect(meetHeldKey(held({ state: "running" }), "f", NOW)).toBe("in-flight");
    expect(meetHeldKey(held({ state: "running", createdAt: ago(LOST_AFTER_MS + 1) }), "g", NOW)).toBe("take-over");
    expect(meetHeldKey(held({ state: "running", createdAt: ago(LOST_AFTER_MS) }), "f", NOW)).toBe("in-flight");
    expect(meetHeldKey(held({ state: "committed", createdAt: ago(LOST_AFTER_MS + 1) }), "f", NOW)).toBe("answer-lost");
    // Committed and not saved yet, recently: the first request is still saving its answer (CONTRACT 8.1).
    expect(meetHeldKey(held({ state: "committed", createdAt: ago(LOST_AFTER_MS) }), "f", NOW)).toBe("in-flight");
    expect(meetHeldKey(held({ expiresAt: ago(0) }), "g", NOW)).toBe("take-over");
  });

  it("never take over a key whose write committed before it expires", () => {
    fc.assert(
      fc.property(fc.nat(RETENTION_MS - 1), fc.boolean(), (age, same) => {
        const key = held({
          state: "committed",
          createdAt: ago(age),
          expiresAt: new Date(NOW.getTime() + 1).toISOString(),
        });
        expect(meetHeldKey(key, same ? "f" : "g", NOW)).not.toBe("take-over");
      }),
    );
  });
});

describe("claiming a key that is freed between the claim and the look at its holder", () => {
  /** A key store whose claims and looks answer in the given order, as concurrent requests would leave it. */
  const store = (claims: boolean[], looks: Array<string | null>) => {
    const calls: string[] = [];
    return {
      calls,
      claim: async () => {
        calls.push("claim");
        return claims.shift() ?? false;
      },
      find: async () => {
        calls.push("find");
        return looks.shift() ?? null;
      },
    };
  };

  it("claims again: the request holds the key, never runs without it", async () => {
    const s = store([false, true], [null]);
    expect(await claimOrFind(s.claim, s.find)).toEqual({ claimed: true });
    expect(s.calls).toEqual(["claim", "find", "claim"]);
  });

  it("meets the holder when there is one", async () => {
    const s = store([false], ["other request"]);
    expect(await claimOrFind(s.claim, s.find)).toEqual({ claimed: false, held: "other request" });
  });

  it("gives up as contended after three tries (the route answers 409 with Retry-After: 1)", async () => {
    const s = store([false, false, false, false], [null, null, null, null]);
    expect(await claimOrFind(s.claim, s.find)).toEqual({ claimed: false, held: null });
    expect(s.calls.filter((c) => c === "claim")).toHaveLength(CLAIM_ATTEMPTS);
  });
});
