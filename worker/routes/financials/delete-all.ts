import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import { requestBatchId } from "../../http/request-batch-id";
import { companyParams, companyRoute, contextOf, jsonContent } from "../../http/route";
import { errorAnswers } from "./schemas";

const Answer = z
  .object({
    invoices: z.number().int(),
    payments: z.number().int(),
    journalEntries: z.number().int(),
    billReviewRuns: z.number().int(),
  })
  .openapi("FinancialsWipeResult");

export const deleteAllFinancials = defineRoute(
  companyRoute(
    "P",
    "company.reset",
    {
      method: "post",
      path: "/financials/deleteAll",
      operationId: "deleteAllFinancials",
      tags: ["Financials"],
      summary: "Delete all financials data of a Sandbox company",
      description:
        "Removes invoices, payments, journal entries, accounts and their balances, and bill review runs, in one " +
        "write with an audit receipt (action `deleteAllFinancials`); keeps the configuration and its ids. Answers " +
        "what it removed. Safe to retry. Sandbox only: 409 `CompanyLifecycleRefused` otherwise.",
      request: { params: companyParams() },
      responses: {
        200: jsonContent(Answer, "Counts of what was removed."),
        ...errorAnswers({ 404: "The financials switch is off.", 409: "Not Sandbox (`CompanyLifecycleRefused`)." }),
      },
    },
    { sandboxOnly: true },
  ),
  async (c) => {
    const ctx = contextOf(c, { batchId: await requestBatchId(c) });
    return c.json(await companyObject(ctx).deleteAllFinancials(), 200);
  },
);
