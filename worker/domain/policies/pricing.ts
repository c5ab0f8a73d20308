import { z } from "@hono/zod-openapi";
import { boundedArray, boundedNumber, boundedString, TEXT } from "../../lib/bounded";
import { centsOf } from "../money";

/**
 * Bounds of the pricing containers (CONTRACT 8.3: every string, array and number of a request is bounded): a
 * price of at most USD 100 billion either way (10^13 cents, the bound of every amount in cents), 1,000
 * components, and `crossSegmentRatingOutputs` of at most 1,000 named outputs.
 */
export const MAX_PRICE = 100_000_000_000;
export const MAX_PRICING_COMPONENTS = 1_000;
export const MAX_RATING_OUTPUTS = 1_000;
const price = () => boundedNumber(-MAX_PRICE, MAX_PRICE);

/**
 * The pricing contract (interface, "Pricing contract fullTermPricingInfo"). Rollups are computed from
 * the components on every write; values sent for them are ignored. Amounts are plain USD numbers.
 */
export const COMPONENT_KINDS = ["Premium", "Taxes", "Fees", "BrokerCommission", "ProgramCommission", "Other"] as const;
export const EARNING_BASES = ["pro-rata", "fully-earned-at-inception"] as const;

export const PricingComponentSchema = z
  .object({
    label: boundedString(TEXT.name),
    group: boundedString(TEXT.name).openapi({ description: "Invoice-grouping name only." }),
    kind: z.enum(COMPONENT_KINDS),
    value: price(),
    earningBasis: z
      .enum(EARNING_BASES)
      .optional()
      .openapi({ description: "Omitted means pro-rata; refused on kind Other." }),
  })
  .strict()
  .superRefine((component, ctx) => {
    if (component.kind === "Other" && component.earningBasis !== undefined) {
      ctx.addIssue({ code: "custom", path: ["earningBasis"], message: "is not allowed on components of kind Other" });
    }
  })
  .openapi("PricingComponent");
export type PricingComponent = z.infer<typeof PricingComponentSchema>;

const ROLLUP_OF_KIND = {
  Premium: "premium",
  Taxes: "taxes",
  Fees: "fees",
  BrokerCommission: "brokerCommission",
  ProgramCommission: "programCommission",
} as const;
export const ROLLUPS = Object.values(ROLLUP_OF_KIND);
export type Rollups = Record<(typeof ROLLUPS)[number], number>;

/**
 * A rollup sent on input: "a value sent is ignored" (interface, Pricing contract), whatever it is (a number,
 * null, text); bounded only by the request's own bounds. The stored rollup is the components' sum.
 */
const ignoredRollup = () =>
  z.unknown().optional().openapi({ description: "Ignored: recomputed from the components on every write." });

/** Input: components (legacy null or omitted means none) plus rollups, which are accepted and ignored. */
export const PricingInputSchema = z
  .object({
    pricingComponents: boundedArray(PricingComponentSchema, MAX_PRICING_COMPONENTS).nullish(),
    premium: ignoredRollup(),
    taxes: ignoredRollup(),
    fees: ignoredRollup(),
    brokerCommission: ignoredRollup(),
    programCommission: ignoredRollup(),
  })
  .strict()
  .nullable();

export const FullTermPricingInfoSchema = z
  .object({
    pricingComponents: z.array(PricingComponentSchema),
    premium: z.number(),
    taxes: z.number(),
    fees: z.number(),
    brokerCommission: z.number(),
    programCommission: z.number(),
  })
  .nullable()
  .openapi("FullTermPricingInfo", {
    description:
      "Null means no policy pricing. Rollups are the sums of the components of the matching kind; " +
      "there is no grand total here.",
  });
export type FullTermPricingInfo = z.infer<typeof FullTermPricingInfoSchema>;

/** Sums in cents so 0.1 + 0.2 rolls up to 0.3, then back to the plain number the contract carries. */
function sum(values: number[]): number {
  return values.reduce((cents, v) => cents + centsOf(v), 0) / 100;
}

export function rollupsFromComponents(components: readonly PricingComponent[]): Rollups {
  const of = (kind: keyof typeof ROLLUP_OF_KIND) => sum(components.filter((c) => c.kind === kind).map((c) => c.value));
  return {
    premium: of("Premium"),
    taxes: of("Taxes"),
    fees: of("Fees"),
    brokerCommission: of("BrokerCommission"),
    programCommission: of("ProgramCommission"),
  };
}

/** The stored container: components as given (null → []), rollups recomputed. */
export function normalizePricing(input: z.infer<typeof PricingInputSchema>): FullTermPricingInfo {
  if (input === null) return null;
  const pricingComponents = input.pricingComponents ?? [];
  return { pricingComponents, ...rollupsFromComponents(pricingComponents) };
}

export const RatingResultSchema = z
  .object({ policyPremium: price(), policyTaxes: price(), policyFees: price(), policyGrandTotal: price() })
  .strict()
  .nullable()
  .openapi("FullTermPolicyRatingResult");

/** Declared members of `crossSegmentRatingOutputs`; anything else is refused. */
export const CrossSegmentRatingOutputsSchema = z
  .object({
    ratedAt: z.iso.datetime().optional(),
    raterVersion: boundedString(TEXT.name).optional(),
    outputs: z
      .record(
        boundedString(TEXT.key),
        z.union([z.number().refine(Number.isFinite), boundedString(TEXT.value), z.boolean(), z.null()]),
      )
      .refine((outputs) => Object.keys(outputs).length <= MAX_RATING_OUTPUTS, {
        message: `must have at most ${MAX_RATING_OUTPUTS} members`,
      })
      .optional(),
  })
  .strict()
  .nullable()
  .openapi("CrossSegmentRatingOutputs", {
    description:
      "Rating outputs that span segments: `ratedAt`, `raterVersion` and named scalar `outputs`. " +
      "Undeclared members are refused.",
  });

/**
 * The rollups of a stored pricing container that are negative (CONTRACT section 4, transaction rules):
 * a component may be negative, for a discount, but no kind may sum below zero; return premium arises
 * from transactions, not from negative prices.
 */
export function negativeRollups(pricing: unknown): Array<{ rollup: (typeof ROLLUPS)[number]; value: number }> {
  if (!pricing || typeof pricing !== "object") return [];
  const stored = pricing as Partial<Rollups>;
  return ROLLUPS.flatMap((rollup) => {
    const value = stored[rollup];
    return typeof value === "number" && value < 0 ? [{ rollup, value }] : [];
  });
}

/** The problem a negative rollup is reported as, at `base` (`fullTermPricingInfo` or `policy.fullTermPricingInfo`). */
export const negativeRollupProblem = (base: string, { rollup, value }: { rollup: string; value: number }) => ({
  path: `${base}.${rollup}`,
  problem: `must not be negative: the components of its kind sum to ${value}`,
});
