import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, sameJson } from "../../../worker/lib/json";

/** A value and a copy with its object members in another order and `undefined` members added. */
const reordered = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(reordered);
  if (value && typeof value === "object") {
    const entries = Object.entries(value).reverse();
    return Object.fromEntries([...entries.map(([k, v]) => [k, reordered(v)]), ["addedUndefined", undefined]]);
  }
  return value;
};

const values = fc.oneof(
  fc.jsonValue(),
  fc.anything({
    withSparseArray: true,
    withNullPrototype: false,
    withBoxedValues: false,
    withMap: false,
    withSet: false,
  }),
);

describe("sameJson is canonicalJson equality, without building the text", () => {
  it("agrees with comparing canonicalJson on any two values", () => {
    fc.assert(
      fc.property(values, values, (a, b) => {
        expect(sameJson(a, b)).toBe(canonicalJson(a) === canonicalJson(b));
      }),
      { numRuns: 2000 },
    );
  });

  it("holds a value equal to a reordered copy, and tells apart a changed one", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(sameJson(value, reordered(value))).toBe(true);
        expect(sameJson(value, { wrapped: value })).toBe(canonicalJson(value) === canonicalJson({ wrapped: value }));
      }),
      { numRuns: 500 },
    );
  });

  it("reads undefined as null, and keeps null apart from a missing member", () => {
    expect(sameJson(undefined, null)).toBe(true);
    expect(sameJson([1, undefined], [1, null])).toBe(true);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1, b: null }, { a: 1 })).toBe(false);
    expect(sameJson({ limit: 100, coverageType: "auto" }, { coverageType: "auto", limit: 100 })).toBe(true);
    expect(sameJson({ limit: 100 }, { limit: 200 })).toBe(false);
    expect(sameJson(Number.NaN, null)).toBe(true);
  });
});
