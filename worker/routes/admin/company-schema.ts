import { z } from "@hono/zod-openapi";
import type { CompanyRow } from "../../db/queries/companies";
import { billReviewSettings, FEATURES, LIFECYCLES } from "../../domain/company/lifecycle";
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

export const CompanySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    shortName: z.string(),
    lifecycle: LifecycleSchema,
    features: FeaturesSchema,
    billReview: BillReviewSettingsSchema,
  })
  .openapi("Company");

export const CompanyIdPath = z.object({ companyId: UuidSchema.openapi({ param: { name: "companyId", in: "path" } }) });

export function companyView(row: CompanyRow): z.infer<typeof CompanySchema> {
  const features = Object.fromEntries(FEATURES.map((f) => [f, row.features[f] ?? true])) as z.infer<
    typeof FeaturesSchema
  >;
  const billReview = billReviewSettings(row.billReview);
  return { id: row.id, name: row.name, shortName: row.shortName, lifecycle: row.lifecycle, features, billReview };
}
