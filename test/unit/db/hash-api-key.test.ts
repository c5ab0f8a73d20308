import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashApiKey } from "../../../worker/db/queries/api-keys";

describe("hashApiKey", () => {
  it("is SHA-256 in lowercase hex (FIPS 180-2 test vectors)", async () => {
    expect(await hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await hashApiKey("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("gives 64 hex digits, the same as a byte-by-byte encoding of the digest", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), async (raw) => {
        const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(raw)));
        const expected = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
        expect(await hashApiKey(raw)).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });
});
