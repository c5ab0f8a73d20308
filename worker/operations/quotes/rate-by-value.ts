import type { SubField } from "../../domain/configuration/document";
import { entityRecordType } from "../../domain/entities/record-type";
import { planWrite } from "../../domain/entities/write-plan";
import { lifecycleWriteRefusal } from "../../domain/quotes/lifecycle-fields";
import { refusalError } from "../../errors/entity-refusals";
import { lifecycleWriteError } from "../../errors/quote-refusals";
import type { JsonObject } from "../../lib/json";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { derivedValues } from "../entities/write-pipeline/plan-values";
import { type RatingAnswer, ratingAnswer, ratingOf, requireWorkflow } from "./rating";

export interface RateByValueInput {
  ratingWorkflowName: string;
  quote: JsonObject;
}

const optional = (fields: readonly SubField[]) => fields.map((field) => ({ ...field, required: false }));

/**
 * `POST P/quotes/rate` (CONTRACT 5.5): rates values that are not stored. `quote` is read as a PUT `quote`
 * (unknown keys and bad values 400 `InvalidFieldModelV1Data`, lifecycle fields 400
 * `QuoteLifecycleFieldWrite`), required fields not enforced; nothing is written, so write groups do not
 * apply. Calculated fields are computed before the rate. Answers the Rating with `quoteId: null`.
 */
export async function rateByValue(ctx: OperationContext, input: RateByValueInput): Promise<RatingAnswer> {
  const configuration = (await configurationOf(ctx)).document;
  const workflow = requireWorkflow(configuration, input.ratingWorkflowName);
  const lifecycle = lifecycleWriteRefusal(input.quote, null, true);
  if (lifecycle) throw lifecycleWriteError(lifecycle);
  const recordType = entityRecordType(configuration, "quote");
  const fields = optional(recordType.fields);
  const read = planWrite({
    entityType: "quote",
    fields,
    optionSets: configuration.optionSets,
    embeddedExposureFields: optional(recordType.embeddedExposureFields ?? []),
    existing: {},
    body: input.quote,
    holdsWriteGroup: () => true,
    holdsExposureWriteGroup: () => true,
    now: ctx.now,
  });
  if (!read.ok) throw refusalError(read.refusal);
  // As a PUT derives them: no defaults for the quote (a replacement is an update), calculated fields, and the
  // defaults and calculated fields of the embedded exposures sent.
  const pending = { defaults: [], exposuresWritten: "exposures" in input.quote, written: Object.keys(input.quote) };
  const values = derivedValues({ ...recordType, fields }, read.data, pending, ctx.now).data;
  const rating = ratingOf(workflow, values, ctx.now);
  return ratingAnswer(null, workflow.name, ctx.now.toISOString(), rating);
}
