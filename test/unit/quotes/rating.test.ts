import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RatingWorkflow } from "../../../worker/domain/configuration/document";
import { rateQuote } from "../../../worker/domain/rating/rate";
import { readRatingStage } from "../../../worker/domain/rating/stages";

const NOW = new Date("2030-06-01T12:00:00Z");
const workflow = (stages: unknown[], extra: Partial<RatingWorkflow> = {}): RatingWorkflow => ({
  name: "w",
  stages: stages as RatingWorkflow["stages"],
  warnings: [],
  preconditions: [],
  billingPreconditions: [],
  ...extra,
});
const rated = (w: RatingWorkflow, values: Record<string, unknown>) => {
  const outcome = rateQuote(w, values, NOW);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  return outcome.rating;
};

describe("stage shapes (CONTRACT 5.4)", () => {
  it("accepts each type's shape and ignores members marked unused", () => {
    expect(
      readRatingStage({ stageType: "expression", raterSpec: { expression: "1" }, outputPath: "a.b", inputs: 3 }).ok,
    ).toBe(true);
    expect(readRatingStage({ stageType: "table", raterSpec: { rows: [] }, outputPath: "t" }).ok).toBe(true);
    expect(readRatingStage({ stageType: "pricing", raterSpec: { components: [] }, outputPath: 7 }).ok).toBe(true);
  });

  it("takes any table column name, and matches rows on it", () => {
    const table = {
      stageType: "table",
      raterSpec: { rows: [{ match: { "zip code": "02110" }, value: 1.3 }], default: 1 },
      inputs: { "zip code": "zip" },
      outputPath: "factors.zip",
    };
    expect(readRatingStage(table).ok).toBe(true);
    expect(rated(workflow([table]), { zip: "02110" }).outputs).toEqual({ factors: { zip: 1.3 } });
    expect(rated(workflow([table]), { zip: "10001" }).outputs).toEqual({ factors: { zip: 1 } });
  });

  it.each([
    [{ stageType: "script" }, "stageType"],
    [{ stageType: "expression", raterSpec: { expression: "1 +" }, outputPath: "a" }, "raterSpec.expression"],
    [{ stageType: "expression", raterSpec: { expression: "1" } }, "outputPath"],
    [{ stageType: "expression", raterSpec: { expression: "1" }, outputPath: "a..b" }, "outputPath"],
    [
      { stageType: "table", raterSpec: { rows: [{ match: { x: 1 }, value: 1 }] }, outputPath: "t" },
      "raterSpec.rows.0.match.x",
    ],
    [{ stageType: "table", raterSpec: { rows: [], extra: 1 }, outputPath: "t" }, "raterSpec.extra"],
    [
      {
        stageType: "pricing",
        raterSpec: { components: [{ label: "a", group: "g", kind: "Other", value: "1", earningBasis: "pro-rata" }] },
      },
      "raterSpec.components.0.earningBasis",
    ],
    [
      { stageType: "pricing", raterSpec: { components: [{ label: "a", group: "g", kind: "Tip", value: "1" }] } },
      "raterSpec.components.0.kind",
    ],
  ])("refuses %j at %s", (stage, path) => {
    const reading = readRatingStage(stage);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.problems.map((p) => p.path.join("."))).toContain(path);
  });
});

describe("rating (CONTRACT 5.4)", () => {
  it("a table gives the first matching row, else its default, compared with ===", () => {
    const table = (fallback: object) =>
      workflow([
        {
          stageType: "table",
          raterSpec: {
            rows: [
              { match: { n: 1 }, value: "one" },
              { match: { n: 1 }, value: "again" },
            ],
            ...fallback,
          },
          inputs: { n: "count" },
          outputPath: "t",
        },
      ]);
    expect(rated(table({}), { count: 1 }).outputs).toEqual({ t: "one" });
    expect(rated(table({ default: null }), { count: "1" }).outputs).toEqual({ t: null });
    expect(rateQuote(table({}), { count: 2 }, NOW)).toMatchObject({ ok: false, kind: "stage", index: 0 });
  });

  it("stages read earlier outputs, and per-exposure stages write one value per exposure in order", () => {
    const w = workflow([
      { stageType: "expression", raterSpec: { expression: "2" }, outputPath: "k" },
      {
        stageType: "expression",
        raterSpec: { expression: "exposure.n * rating.k" },
        callOncePerPath: true,
        outputPath: "each",
      },
      { stageType: "expression", raterSpec: { expression: "sum(rating.each)" }, outputPath: "total.sum" },
    ]);
    expect(rated(w, { exposures: [{ n: 1 }, { n: 5 }] }).outputs).toEqual({ k: 2, each: [2, 10], total: { sum: 12 } });
  });

  it("shadows quote fields named exposure or rating", () => {
    const w = workflow([
      { stageType: "expression", raterSpec: { expression: "coalesce(exposure, rating.x, 'none')" }, outputPath: "x" },
    ]);
    expect(rated(w, { exposure: "mine", rating: { x: 1 } }).outputs).toEqual({ x: "none" });
  });

  it("rolls the emitted components up in cents, per kind, and totals premium, taxes and fees", () => {
    // 0.1 + 0.2 is 0.30000000000000004 in binary; 10 + 20 cents is 30.
    const w = workflow([
      {
        stageType: "pricing",
        raterSpec: {
          components: [
            { label: "a", group: "g", kind: "Premium", value: "0.1" },
            { label: "b", group: "g", kind: "Premium", value: "0.2" },
            { label: "t", group: "g", kind: "Taxes", value: "0.05" },
            { label: "o", group: "g", kind: "Other", value: "9" },
          ],
        },
      },
    ]);
    const rating = rated(w, {});
    expect(rating.fullTermPricingInfo).toMatchObject({ premium: 0.3, taxes: 0.05, fees: 0, brokerCommission: 0 });
    expect(rating.fullTermPolicyRatingResult).toEqual({
      policyPremium: 0.3,
      policyTaxes: 0.05,
      policyFees: 0,
      policyGrandTotal: 0.35,
    });
  });

  it("refuses a component that is not a finite number, and an evaluation error, naming the stage", () => {
    const w = workflow([
      { stageType: "expression", raterSpec: { expression: "1" }, outputPath: "a" },
      {
        stageType: "pricing",
        raterSpec: { components: [{ label: "x", group: "g", kind: "Premium", value: "1 / 0" }] },
      },
    ]);
    expect(rateQuote(w, {}, NOW)).toMatchObject({ ok: false, kind: "stage", index: 1 });
  });

  it("stops at failing preconditions, listing each, and warns without failing", () => {
    const conditions = [
      { expression: "a > 1", message: "a must exceed 1" },
      { expression: "a", message: "a must be exactly true" },
      { expression: "b.c * 'x'", message: "errors fail" },
    ];
    expect(rateQuote(workflow([], { preconditions: conditions }), { a: 5 }, NOW)).toEqual({
      ok: false,
      kind: "precondition",
      failures: [
        { index: 1, message: "a must be exactly true" },
        { index: 2, message: "errors fail" },
      ],
    });
    const warned = rated(workflow([], { warnings: [{ expression: "pricing.premium > 0", message: "free" }] }), {});
    expect(warned.diagnostics).toEqual([
      { severity: "warning", code: "rating-workflow-warning", message: "free", fieldPath: [] },
    ]);
  });

  it("emits one component per exposure per entry, and rollups equal the cents sum of components", () => {
    const w = workflow([
      {
        stageType: "pricing",
        callOncePerPath: true,
        raterSpec: {
          components: [
            { label: "p", group: "g", kind: "Premium", value: "exposure.v" },
            { label: "f", group: "g", kind: "Fees", value: "round(exposure.v / 10, 2)" },
          ],
        },
      },
    ]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1_000_000, max: 1_000_000 }), { maxLength: 20 }), (cents) => {
        const exposures = cents.map((c) => ({ v: c / 100 }));
        const { fullTermPricingInfo } = rated(w, { exposures });
        expect(fullTermPricingInfo.pricingComponents).toHaveLength(2 * exposures.length);
        expect(Math.round(fullTermPricingInfo.premium * 100)).toBe(cents.reduce((a, b) => a + b, 0));
      }),
    );
  });
});
