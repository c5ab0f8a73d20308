import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KEY_CACHE_TTL_MS, KEY_REFRESH_AFTER_MS, keyBytes, VerifiedKeyCache } from "../../../worker/http/key-cache";

const key = (id: string, companyId = "c1") => ({ id, companyId });

describe("the isolate's verified keys (issue 16)", () => {
  it("keep a key for at most 1 s, then ask D1 again", () => {
    const cache = new VerifiedKeyCache<ReturnType<typeof key>>();
    expect(KEY_CACHE_TTL_MS).toBeLessThanOrEqual(1_000);
    cache.set("h1", key("k1"), cache.beginRead(10_000));
    expect(cache.get("h1", 10_000)).toEqual(key("k1"));
    expect(cache.get("h1", 10_000 + KEY_CACHE_TTL_MS - 1)).toEqual(key("k1"));
    expect(cache.get("h1", 10_000 + KEY_CACHE_TTL_MS)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("forget a revoked key or a changed company's keys at once", () => {
    const cache = new VerifiedKeyCache<ReturnType<typeof key>>();
    cache.set("h1", key("k1", "c1"), cache.beginRead(0));
    cache.set("h2", key("k2", "c1"), cache.beginRead(0));
    cache.set("h3", key("k3", "c2"), cache.beginRead(0));
    cache.forgetKey("k1");
    expect(cache.get("h1", 1)).toBeNull();
    expect(cache.get("h2", 1)).not.toBeNull();
    cache.forgetCompany("c1");
    expect(cache.get("h2", 1)).toBeNull();
    expect(cache.get("h3", 1)).toEqual(key("k3", "c2"));
  });

  it("do not keep a key read while this isolate forgot keys: the read may predate the revocation", () => {
    const cache = new VerifiedKeyCache<ReturnType<typeof key>>();
    const before = cache.beginRead(0);
    cache.forgetKey("k1"); // revoked here while the read was under way
    cache.set("h1", key("k1"), before);
    expect(cache.get("h1", 1)).toBeNull();
    const raced = cache.beginRead(2);
    cache.forgetCompany("c9");
    cache.set("h2", key("k2"), raced);
    expect(cache.get("h2", 3)).toBeNull();
    // A read that starts after the change is kept, its second counted from its start.
    cache.set("h1", key("k1"), cache.beginRead(10));
    expect(cache.get("h1", 10 + KEY_CACHE_TTL_MS - 1)).toEqual(key("k1"));
    expect(cache.get("h1", 10 + KEY_CACHE_TTL_MS)).toBeNull();
  });

  it("never hold more than its bound, whatever is set", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(50), { maxLength: 200 }), fc.integer({ min: 1, max: 20 }), (hashes, bound) => {
        const cache = new VerifiedKeyCache<ReturnType<typeof key>>(1_000, bound);
        for (const h of hashes) cache.set(`h${h}`, key(`k${h}`), cache.beginRead(0));
        expect(cache.size).toBeLessThanOrEqual(bound);
        const last = hashes.at(-1);
        if (last !== undefined) expect(cache.get(`h${last}`, 0)).toEqual(key(`k${last}`));
      }),
    );
  });

  it("never hold more bytes than its byte bound (CONTRACT 8.3), however large each key's grants", () => {
    const grantedKey = (id: string, permissions: number) => ({
      id,
      companyId: "c1",
      permissions: Array.from({ length: permissions }, (_, i) => `exposure.field-group-${i}`),
    });
    fc.assert(
      fc.property(
        fc.array(fc.nat(500), { minLength: 1, maxLength: 100 }),
        fc.integer({ min: 1, max: 200 }),
        (sizes, kib) => {
          const maxBytes = kib * 1024;
          const cache = new VerifiedKeyCache<ReturnType<typeof grantedKey>>(1_000, 10_000, 500, maxBytes);
          for (const [i, size] of sizes.entries()) cache.set(`h${i}`, grantedKey(`k${i}`, size), cache.beginRead(0));
          expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
          // The newest is kept unless it alone is over the bound.
          const last = sizes.length - 1;
          const fits = keyBytes(`h${last}`, grantedKey(`k${last}`, sizes[last] ?? 0)) <= maxBytes;
          expect(cache.get(`h${last}`, 0) !== null).toBe(fits);
        },
      ),
    );
    // Worked: one key with 500 permissions of 26 characters is about 60 KB, so 1 MiB holds about 17 of them.
    const big = grantedKey("k", 500);
    const bytes = keyBytes("raw-key", big);
    expect(bytes).toBeGreaterThan(50_000);
    const cache = new VerifiedKeyCache<typeof big>(1_000, 10_000, 500, 1024 * 1024);
    for (let i = 0; i < 100; i++) cache.set(`h${i}`, { ...big, id: `k${i}` }, cache.beginRead(0));
    expect(cache.size).toBe(Math.floor((1024 * 1024) / keyBytes("h99", { ...big, id: "k99" })));
  });

  it("hand one call the background read once an entry is half its bound old, until that read ends", () => {
    const cache = new VerifiedKeyCache<ReturnType<typeof key>>();
    expect(KEY_REFRESH_AFTER_MS).toBeLessThan(KEY_CACHE_TTL_MS);
    cache.set("h1", key("k1"), cache.beginRead(0));
    expect(cache.claimRefresh("h1", KEY_REFRESH_AFTER_MS - 1)).toBe(false);
    expect(cache.claimRefresh("h1", KEY_REFRESH_AFTER_MS)).toBe(true);
    // Every other call meanwhile answers from the entry and reads nothing.
    expect(cache.claimRefresh("h1", KEY_REFRESH_AFTER_MS + 1)).toBe(false);
    expect(cache.get("h1", KEY_REFRESH_AFTER_MS + 1)).toEqual(key("k1"));
    // The read (started at 600) renews the entry from its own start: half a bound later, the next read.
    cache.refreshed("h1", key("k1"), { startedAt: 600, forgets: 0 });
    expect(cache.claimRefresh("h1", 600 + KEY_REFRESH_AFTER_MS - 1)).toBe(false);
    expect(cache.get("h1", 600 + KEY_CACHE_TTL_MS - 1)).toEqual(key("k1"));
    expect(cache.claimRefresh("h1", 600 + KEY_REFRESH_AFTER_MS)).toBe(true);
    expect(cache.get("h1", 600 + KEY_CACHE_TTL_MS)).toBeNull();
    // No entry, nothing to refresh.
    expect(cache.claimRefresh("h9", 0)).toBe(false);
  });

  it("drop a key the background read no longer finds, and let the next call retry a read that failed", () => {
    const cache = new VerifiedKeyCache<ReturnType<typeof key>>();
    cache.set("h1", key("k1"), cache.beginRead(0));
    expect(cache.claimRefresh("h1", 700)).toBe(true);
    cache.refreshFailed("h1");
    expect(cache.get("h1", 701)).toEqual(key("k1"));
    expect(cache.claimRefresh("h1", 701)).toBe(true);
    cache.refreshed("h1", null, cache.beginRead(701));
    expect(cache.get("h1", 702)).toBeNull();
  });

  it("never answer past an entry's bound, nor a key revoked here, whatever the background reads do", () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant("read" as const),
        at: fc.nat(3_000),
        result: fc.constantFrom("found" as const, "gone" as const, "failed" as const),
      }),
      fc.record({ kind: fc.constant("forget" as const), at: fc.nat(3_000) }),
      fc.record({ kind: fc.constant("use" as const), at: fc.nat(3_000) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const cache = new VerifiedKeyCache<ReturnType<typeof key>>();
        let now = 0;
        // When the newest read still allowed to be kept started; null once the key is forgotten here.
        let latestKeepableStart: number | null = null;
        let forgets = 0;
        // Reads still under way, those begun before a revocation here included: they must not be kept.
        const pending: ReturnType<typeof cache.beginRead>[] = [];
        cache.set("h1", key("k1"), cache.beginRead(0));
        latestKeepableStart = 0;
        for (const s of steps.sort((a, b) => a.at - b.at)) {
          now = s.at;
          if (s.kind === "forget") {
            cache.forgetKey("k1");
            forgets += 1;
            latestKeepableStart = null;
          } else if (s.kind === "use") {
            if (cache.get("h1", now) && cache.claimRefresh("h1", now)) pending.push(cache.beginRead(now));
          } else {
            const ticket = pending.shift();
            if (!ticket) continue;
            if (s.result === "failed") cache.refreshFailed("h1");
            else if (s.result === "gone") {
              cache.refreshed("h1", null, ticket);
              latestKeepableStart = null;
            } else {
              cache.refreshed("h1", key("k1"), ticket);
              if (ticket.forgets === forgets)
                latestKeepableStart = Math.max(latestKeepableStart ?? Number.NEGATIVE_INFINITY, ticket.startedAt);
            }
          }
          const answer = cache.get("h1", now);
          if (answer) {
            expect(latestKeepableStart).not.toBeNull();
            expect(now).toBeLessThan((latestKeepableStart ?? 0) + KEY_CACHE_TTL_MS);
          }
        }
      }),
    );
  });
});
