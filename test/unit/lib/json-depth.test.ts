import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nestsDeeperThan } from "../../../worker/lib/json";

/** Nesting depth of JSON text, read before parsing (CONTRACT 8.3: deeper than 32 is refused). */

/** Reference model: the depth of a parsed value (`{}` and `[]` are 1). */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value && typeof value === "object") return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

describe("nestsDeeperThan", () => {
  it("agrees with the depth of the parsed value for any JSON, brackets inside strings included", () => {
    fc.assert(
      fc.property(fc.json({ depthSize: "large" }), fc.integer({ min: 0, max: 12 }), (text, bound) => {
        expect(nestsDeeperThan(text, bound)).toBe(depthOf(JSON.parse(text)) > bound);
      }),
    );
  });

  it("reads 20,000 levels without recursing", () => {
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    expect(nestsDeeperThan(deep, 32)).toBe(true);
    expect(nestsDeeperThan(`{"a":"${"[".repeat(50)}"}`, 32)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[","b":[]}', 1)).toBe(true);
  });
});
