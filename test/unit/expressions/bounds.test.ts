import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateExpression, expressionIssue } from "../../../worker/domain/expressions/evaluate";
import {
  EXPRESSION_BOUNDS,
  ExpressionLimitError,
  parseCacheBytes,
  parseExpression,
} from "../../../worker/domain/expressions/parse";

/** The expression language's bounds (CONTRACT 8.3; worker/domain/expressions/parse.ts). */

const context = { scope: {}, now: new Date("2026-01-01T00:00:00Z"), timezone: "UTC" };
const limitCode = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ExpressionLimitError) return error.code;
    throw error;
  }
  return null;
};

describe("expression text", () => {
  it("is at most 2,000 characters: 2,000 parse, 2,001 are refused before parsing", () => {
    const sum = (length: number) => `1${"+1".repeat((length - 1) / 2)}`;
    expect(sum(1999).length).toBe(1999);
    expect(evaluateExpression(sum(1999), context)).toBe(1000);
    expect(limitCode(() => parseExpression(`${sum(1999)} `))).toBeNull();
    expect(limitCode(() => parseExpression(`${sum(1999)}  `))).toBe("expression-too-long");
    // The 40 KB `1+1+...` of the penetration test: a refusal, not a stack overflow.
    expect(expressionIssue(sum(40_001))).toEqual({
      code: "expression-too-long",
      message: "is longer than 2,000 characters",
    });
  });

  it("nests at most 32 levels; a flat chain of any length within the text bound is one level", () => {
    const nested = (depth: number) => `${"(".repeat(depth - 1)}1${")".repeat(depth - 1)}`;
    expect(limitCode(() => parseExpression(nested(32)))).toBeNull();
    expect(limitCode(() => parseExpression(nested(33)))).toBe("expression-too-deep");
    expect(limitCode(() => parseExpression("-".repeat(40).concat("1")))).toBe("expression-too-deep");
    expect(limitCode(() => parseExpression(Array.from({ length: 300 }, (_, i) => `f${i}`).join(" + ")))).toBeNull();
  });

  // Reference model: parentheses depth. Any nesting up to 32 parses to the inner literal, any deeper is refused.
  it("refuses exactly the nestings deeper than the bound", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), (depth) => {
        const source = `${"(".repeat(depth - 1)}7${")".repeat(depth - 1)}`;
        const code = limitCode(() => parseExpression(source));
        expect(code).toBe(depth > EXPRESSION_BOUNDS.depth ? "expression-too-deep" : null);
      }),
    );
  });
});

describe("evaluation", () => {
  it("produces text of at most 10,000 characters", () => {
    const scope = { a: "x".repeat(5_000) };
    expect((evaluateExpression("a + a", { ...context, scope }) as string).length).toBe(10_000);
    expect(limitCode(() => evaluateExpression("a + a + 'y'", { ...context, scope }))).toBe("value-too-long");
    expect(limitCode(() => evaluateExpression("concat(a, a, a)", { ...context, scope }))).toBe("value-too-long");
  });

  it("has a step budget larger than any expression within the text bound needs", () => {
    const longest = `1${"+1".repeat(999)}`;
    expect(evaluateExpression(longest, context)).toBe(1000);
    expect(EXPRESSION_BOUNDS.steps).toBeGreaterThan(longest.length);
  });
});

describe("the shared parse cache", () => {
  it("stays within its byte budget whatever is parsed", () => {
    for (let i = 0; i < 3_000; i++) parseExpression(`field${i} + ${"1 + ".repeat(200)}${i}`);
    expect(parseCacheBytes()).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(parseCacheBytes()).toBeGreaterThan(0);
  });
});
