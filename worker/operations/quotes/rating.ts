import type { ConfigurationDocument, RatingWorkflow } from "../../domain/configuration/document";
import { type Rating, rateQuote } from "../../domain/rating/rate";
import { ratingError, unknownRatingWorkflow } from "../../errors/quote-refusals";
import type { JsonObject } from "../../lib/json";

/** The company's workflow of that name; a name naming none is 400 `VALIDATION_ERROR` (CONTRACT 5.5). */
export function requireWorkflow(configuration: ConfigurationDocument, name: string): RatingWorkflow {
  const workflow = configuration.ratingWorkflows.find((w) => w.name === name);
  if (!workflow) throw unknownRatingWorkflow(name);
  return workflow;
}

/** A rate of `values` that answers, or throws the 422 its refusal is. */
export function ratingOf(workflow: RatingWorkflow, values: JsonObject, now: Date): Rating {
  const outcome = rateQuote(workflow, values, now);
  if (!outcome.ok) throw ratingError(outcome);
  return outcome.rating;
}

/** The Rating answer (CONTRACT 5.5). */
export function ratingAnswer(quoteId: string | null, ratingWorkflowName: string, ratedAt: string, rating: Rating) {
  return {
    quoteId,
    ratingWorkflowName,
    ratedAt,
    fullTermPricingInfo: rating.fullTermPricingInfo,
    fullTermPolicyRatingResult: rating.fullTermPolicyRatingResult,
    outputs: rating.outputs,
    diagnostics: rating.diagnostics,
  };
}
export type RatingAnswer = ReturnType<typeof ratingAnswer>;
