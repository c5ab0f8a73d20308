import { z } from "@hono/zod-openapi";
import { type Fmv1Date, MAX_TIMEZONE_LENGTH, readFmv1Date } from "./fmv1-date";

/** Fmv1Date in request bodies: canonical object out, the retired spelling and bad days refused. */
export const Fmv1DateSchema = z
  .unknown()
  .transform((value, ctx): Fmv1Date => {
    const reading = readFmv1Date(value);
    if (!reading.ok) {
      ctx.addIssue({ code: "custom", message: reading.problem });
      return z.NEVER;
    }
    return reading.value;
  })
  .openapi({
    type: "object",
    description:
      'Fmv1Date: `{date: "YYYY-MM-DD", timezone?: IANA zone}`; timezone defaults to America/New_York. The `{day, month, year}` spelling is refused.',
    properties: {
      date: { type: "string", format: "date", maxLength: 10 },
      timezone: { type: "string", maxLength: MAX_TIMEZONE_LENGTH, default: "America/New_York" },
    },
    additionalProperties: false,
    required: ["date"],
  });
