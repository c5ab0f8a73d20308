import { z } from "@hono/zod-openapi";
import type { CompanyRow } from "../../db/queries/companies";
import { billReviewSettings, FEATURES, LIFECYCLES, rateLimitSettings } from "../../domain/company/lifecycle";
import { MAX_REQUESTS_PER_MINUTE } from "../../domain/rate-limits/window";
import { UuidSchema } from "../../http/route";
import { boundedInteger } from "../../lib/bounded";

export const LifecycleSchema = z.enum(LIFECYCLES).openapi({
  description:
    "Company lifecycle. Allowed moves: uninitialized → sandbox|live|retired; sandbox → live|retired; live → retired; retired is final; staying put is a no-op. Anything else is 409 `CompanyLifecycleRefused`.",
});

export const FeaturesSchema = z
  .object(Object.fromEntries(FEATURES.map((f) => [f, z.boolean()])) as Record<(typeof FEATURES)[number], z.ZodBoolean>)
  .openapi("CompanyFeatures");

export const BillReviewSettingsSchema = z
  .object({
    capacity: boundedInteger(0, 100).openapi({
      description: "Bill review runs the company may have queued or running at once (0-100, default 5).",
    }),
    paused: z.boolean().openapi({
      description: "While true, queued bill review runs are not started; switching it off starts them (default false).",
    }),
  })
  .openapi("BillReviewSettings");

export const RateLimitSettingsSchema = z
  .object({
    requestsPerMinute: boundedInteger(1, MAX_REQUESTS_PER_MINUTE).openapi({
      description: "Requests per minute each API key of the company may make (default 600).",
    }),
  })
  .openapi("RateLimitSettings");

export const CompanySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    shortName: z.string(),
    lifecycle: LifecycleSchema,
    features: FeaturesSchema,
    billReview: BillReviewSettingsSchema,
    rateLimit: RateLimitSettingsSchema,
  })
  .openapi("Company");

export const CompanyIdPath = z.object({ companyId: UuidSchema.openapi({ param: { name: "companyId", in: "path" } }) });

export function companyView(row: CompanyRow): z.infer<typeof CompanySchema> {
  const features = Object.fromEntries(FEATURES.map((f) => [f, row.features[f] ?? true])) as z.infer<
    typeof FeaturesSchema
  >;
  const billReview = billReviewSettings(row.billReview);
  const rateLimit = rateLimitSettings(row.rateLimit);
  const { id, name, shortName, lifecycle } = row;
  return { id, name, shortName, lifecycle, features, billReview, rateLimit };
}
