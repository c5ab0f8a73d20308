import { defineRoute } from "../../http/registry";
import { contextOf, jsonContent, notFoundResponse, staffRoute, validationErrorResponse } from "../../http/route";
import { requireCompany } from "../../operations/company/require-company";
import { CompanyIdPath, CompanySchema, companyView } from "./company-schema";

export const getCompany = defineRoute(
  staffRoute({
    method: "get",
    path: "/admin/companies/{companyId}",
    operationId: "adminGetCompany",
    tags: ["Administration"],
    summary: "Read a company",
    description: "The company with its lifecycle and features.",
    request: { params: CompanyIdPath },
    responses: { 200: jsonContent(CompanySchema, "The company."), ...validationErrorResponse, ...notFoundResponse },
  }),
  async (c) => {
    const ctx = contextOf(c, { companyId: c.req.valid("param").companyId });
    return c.json(companyView(await requireCompany(ctx)), 200);
  },
);
