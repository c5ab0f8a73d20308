import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/registry";
import { jsonBody, jsonContent, platformContextOf, staffRoute, validationErrorResponse } from "../../http/route";
import { createCompany as create } from "../../operations/company/create-company";
import { CompanySchema, companyView, LifecycleSchema } from "./company-schema";

const CreateCompanyBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    shortName: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "must be letters, digits, '-' or '_'"),
    lifecycle: LifecycleSchema.default("sandbox"),
  })
  .strict();

export const createCompany = defineRoute(
  staffRoute({
    method: "post",
    path: "/admin/companies",
    operationId: "adminCreateCompany",
    tags: ["Administration"],
    summary: "Create a company",
    description: "Creates a company with every feature enabled. `lifecycle` defaults to `sandbox`.",
    request: { body: jsonBody(CreateCompanyBody) },
    responses: {
      201: jsonContent(CompanySchema, "The new company; every feature starts enabled."),
      ...validationErrorResponse,
    },
  }),
  async (c) => c.json(companyView(await create(platformContextOf(c), c.req.valid("json"))), 201),
);
