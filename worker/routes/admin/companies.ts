import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { unwrap } from "../../../durable/rpc-result";
import { companyObject } from "../../company-object";
import { database } from "../../db/client";
import { findCompany, insertCompany, updateCompanyFeatures } from "../../db/queries/companies";
import { DEFAULT_FEATURES } from "../../domain/company/lifecycle";
import type { AppEnv } from "../../http/context";
import { notFound } from "../../http/errors";
import {
  conflictResponse,
  jsonContent as json,
  notFoundResponse,
  staffRoute,
  validationErrorResponse,
} from "../../http/route";
import { CompanyIdPath, CompanySchema, companyView, FeaturesSchema, LifecycleSchema } from "./company-schema";

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

const UpdateCompanyBody = z
  .object({ lifecycle: LifecycleSchema.optional(), features: FeaturesSchema.partial().strict().optional() })
  .strict();

const createCompany = staffRoute({
  method: "post",
  path: "/admin/companies",
  operationId: "adminCreateCompany",
  tags: ["Administration"],
  summary: "Create a company",
  description: "Creates a company with every feature enabled. `lifecycle` defaults to `sandbox`.",
  request: { body: { required: true, content: { "application/json": { schema: CreateCompanyBody } } } },
  responses: { 201: json(CompanySchema, "The new company; every feature starts enabled."), ...validationErrorResponse },
});

const getCompany = staffRoute({
  method: "get",
  path: "/admin/companies/{companyId}",
  operationId: "adminGetCompany",
  tags: ["Administration"],
  summary: "Read a company",
  description: "The company with its lifecycle and features.",
  request: { params: CompanyIdPath },
  responses: { 200: json(CompanySchema, "The company."), ...validationErrorResponse, ...notFoundResponse },
});

const updateCompany = staffRoute({
  method: "patch",
  path: "/admin/companies/{companyId}",
  operationId: "adminUpdateCompany",
  tags: ["Administration"],
  summary: "Change a company's lifecycle or features",
  description: "`features` is merged into the stored features. Lifecycle moves run in the company's Durable Object.",
  request: {
    params: CompanyIdPath,
    body: { required: true, content: { "application/json": { schema: UpdateCompanyBody } } },
  },
  responses: {
    200: json(CompanySchema, "The company after the change."),
    ...validationErrorResponse,
    ...notFoundResponse,
    ...conflictResponse("Lifecycle move not allowed (`CompanyLifecycleRefused`)."),
  },
});

export function registerAdminCompanyRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(createCompany, async (c) => {
    const body = c.req.valid("json");
    const now = new Date().toISOString();
    const row = { id: crypto.randomUUID(), ...body, features: { ...DEFAULT_FEATURES }, createdAt: now, updatedAt: now };
    await insertCompany(database(c.env.DB), row);
    return c.json(companyView(row), 201);
  });

  app.openapi(getCompany, async (c) => {
    const company = await findCompany(database(c.env.DB), c.req.valid("param").companyId);
    if (!company) throw notFound();
    return c.json(companyView(company), 200);
  });

  app.openapi(updateCompany, async (c) => {
    const { companyId } = c.req.valid("param");
    const { lifecycle, features } = c.req.valid("json");
    const db = database(c.env.DB);
    let company = await findCompany(db, companyId);
    if (!company) throw notFound();
    if (lifecycle) company = unwrap(await companyObject(c.env, companyId).setLifecycle(companyId, lifecycle));
    if (features) {
      const merged = { ...company.features, ...features };
      await updateCompanyFeatures(db, companyId, merged);
      company = { ...company, features: merged };
    }
    return c.json(companyView(company), 200);
  });
}
