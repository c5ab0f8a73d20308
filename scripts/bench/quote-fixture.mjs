// The quote benchmarks' configuration and values: the entity benchmarks' exposure fields plus an exposure
// `value`, a quote `state`, and a four-stage rating workflow (a state table, a per-exposure expression, a
// per-exposure pricing stage and a whole-quote pricing stage), so a rate of one quote with 50 embedded
// exposures runs 1 + 50 + 50 + 1 stage evaluations.
import { BENCH_CONFIGURATION } from "./entity-fixture.mjs";

export const BENCH_WORKFLOW = "bench";
export const EXPOSURES_PER_QUOTE = 50;

export const QUOTE_BENCH_CONFIGURATION = {
  ...BENCH_CONFIGURATION,
  fieldDefinitions: [
    ...BENCH_CONFIGURATION.fieldDefinitions,
    { entityType: "exposure", referenceId: "value", label: "Value", typeInfo: { kind: "Number" } },
    { entityType: "quote", referenceId: "state", label: "State", typeInfo: { kind: "String" } },
  ],
  ratingWorkflows: [
    {
      name: BENCH_WORKFLOW,
      stages: [
        {
          stageType: "table",
          raterSpec: {
            rows: [
              { match: { state: "NY" }, value: 1.2 },
              { match: { state: "CA" }, value: 1.5 },
            ],
            default: 1,
          },
          inputs: { state: "state" },
          outputPath: "factors.state",
        },
        {
          stageType: "expression",
          raterSpec: { expression: "exposure.value * 0.01" },
          callOncePerPath: true,
          outputPath: "exposureBase",
        },
        {
          stageType: "pricing",
          callOncePerPath: true,
          raterSpec: {
            components: [
              {
                label: "Exposure premium",
                group: "premium",
                kind: "Premium",
                value: "round(exposure.value * 0.01 * rating.factors.state, 2)",
              },
            ],
          },
        },
        {
          stageType: "pricing",
          raterSpec: {
            components: [
              {
                label: "State tax",
                group: "taxes",
                kind: "Taxes",
                value: "round(sum(rating.exposureBase) * rating.factors.state * 0.05, 2)",
              },
              {
                label: "Policy fee",
                group: "fees",
                kind: "Fees",
                value: "25",
                earningBasis: "fully-earned-at-inception",
              },
            ],
          },
        },
      ],
      warnings: [{ expression: "pricing.premium < 1000000", message: "Large premium: refer" }],
      preconditions: [{ expression: "state != null", message: "A state is needed to rate" }],
      billingPreconditions: [],
    },
  ],
};

/** A quote body with `EXPOSURES_PER_QUOTE` embedded exposures and a term, ready to rate and bind. */
export const QUOTE_BODY = {
  state: "NY",
  policyStartDate: { date: "2030-01-01" },
  policyEndDate: { date: "2031-01-01" },
  exposures: Array.from({ length: EXPOSURES_PER_QUOTE }, (_, i) => ({
    exposureName: `Vehicle ${i + 1}`,
    exposureType: "vehicle",
    value: 10_000 + i * 250,
  })),
};
