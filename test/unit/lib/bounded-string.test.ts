import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundedString } from "../../../worker/lib/bounded";

/**
 * CONTRACT 8.3 bounds as JSON Schema states them: `maxLength` counts Unicode code points, not UTF-16 units (zod 4
 * counts them so; these pin the rule should that change).
 */
describe("boundedString", () => {
  it("counts code points: an emoji is one character (two UTF-16 units)", () => {
    const five = boundedString(5, 1);
    expect(five.safeParse("😀😀😀😀😀").success).toBe(true);
    expect(five.safeParse("😀😀😀😀😀😀").success).toBe(false);
    expect(five.safeParse("").success).toBe(false);
    expect(five.safeParse("e\u0301").success).toBe(true); // two code points (e and a combining accent)
  });

  it("accepts exactly the strings of at most max code points (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 12 }), fc.integer({ min: 0, max: 12 }), (text, max) => {
        expect(boundedString(max).safeParse(text).success).toBe([...text].length <= max);
      }),
      { seed: 20261130, numRuns: 500 },
    );
  });
});
