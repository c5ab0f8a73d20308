import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { verifiedKeys } from "../../http/auth";
import { defineRoute } from "../../http/registry";
import {
  conflictResponse,
  contextOf,
  jsonBody,
  jsonContent,
  notFoundResponse,
  staffRoute,
  validationErrorResponse,
} from "../../http/route";
import {
  BillReviewSettingsSchema,
  CompanyIdPath,
  CompanySchema,
  companyView,
  FeaturesSchema,
  LifecycleSchema,
  RateLimitSettingsSchema,
} from "./company-schema";

const UpdateCompanyBody = z
  .object({
    lifecycle: LifecycleSchema.optional(),
    features: FeaturesSchema.partial().strict().optional(),
    billReview: BillReviewSettingsSchema.partial().strict().optional(),
    rateLimit: RateLimitSettingsSchema.strict().optional(),
  })
  .strict();

export const updateCompany = defineRoute(
  staffRoute({
    method: "patch",
    path: "/admin/companies/{companyId}",
    operationId: "adminUpdateCompany",
    tags: ["Administration"],
    summary: "Change a company's lifecycle, features, bill review or rate limit settings",
    description:
      "`features`, `billReview` and `rateLimit` are merged into the stored ones (`rateLimit.requestsPerMinute`: " +
      "each API key's budget, CONTRACT 8.2). The change runs in the company's Durable Object, so a " +
      "lifecycle move never interleaves with a reset, wipe or import.",
    request: { params: CompanyIdPath, body: jsonBody(UpdateCompanyBody) },
    responses: {
      200: jsonContent(CompanySchema, "The company after the change."),
      ...validationErrorResponse,
      ...notFoundResponse,
      ...conflictResponse("Lifecycle move not allowed (`CompanyLifecycleRefused`)."),
    },
  }),
  async (c) => {
    const ctx = contextOf(c, { companyId: c.req.valid("param").companyId });
    const company = await companyObject(ctx).updateCompany(c.req.valid("json"));
    // Keys carry the lifecycle and budget: at once in this isolate, within KEY_CACHE_TTL_MS elsewhere.
    verifiedKeys.forgetCompany(ctx.companyId);
    return c.json(companyView(company), 200);
  },
);
