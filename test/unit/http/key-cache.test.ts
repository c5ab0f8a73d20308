import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KEY_CACHE_TTL_MS, VerifiedKeyCache } from "../../../worker/http/key-cache";

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
});
