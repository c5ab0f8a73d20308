import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import { requestBatchId } from "../../http/request-batch-id";
import { companyParams, companyRoute, conflictResponse, contextOf, jsonContent } from "../../http/route";

const DeleteAllPoliciesResultSchema = z
  .object({
    rowsRemoved: z
      .number()
      .int()
      .openapi({
        description:
          "Rows removed across policies, their versions, contacts and relationship links; 0 when there was nothing " +
          "left.",
      }),
  })
  .openapi("DeleteAllPoliciesResult");

const DESCRIPTION = [
  "Removes every policy of the company with all its versions, its contacts, the notes, tasks, folders, files " +
    "and generated forms attached to it, and every relationship link with a policy at either end (the `previousPolicy` renewal links among them), in one atomic write serialized with " +
    "policy transactions. Policy number counters are not restarted (a company reset does that). Safe to retry: a " +
    "repeat removes nothing and answers `rowsRemoved: 0`. The write commits its audit receipt with it (action " +
    "`deleteAllPolicies`, detail `{rowsRemoved}`, carrying the body's root `batchId`). No body is needed.",
  "Refused with 409 `CompanyLifecycleRefused` for every caller unless the company is Sandbox.",
  "Refused with 409 `LiveReferencesExist`, deleting nothing, while live references exist: a quote or event " +
    "record whose data holds a top-level `policyId` naming one of the company's policies, or a relationship link " +
    "(either direction) between a policy and a quote or event record, or an invoice of a policy (financial " +
    "records name their policy until `POST P/financials/deleteAll`). `details` names each (`quote.policyId`, " +
    "`relationships.<key>`, `invoice.policyId`) with a count.",
].join("\n\n");

const CONFLICTS =
  "The company is not Sandbox (`CompanyLifecycleRefused`), or quotes, events or invoices reference policies " +
  "(`LiveReferencesExist`).";

export const deleteAllPolicies = defineRoute(
  companyRoute(
    "P",
    "company.reset",
    {
      method: "post",
      path: "/policies/deleteAll",
      operationId: "deleteAllPolicies",
      tags: ["Policies"],
      summary: "Delete every policy (Sandbox only)",
      description: DESCRIPTION,
      request: { params: companyParams() },
      responses: {
        200: jsonContent(DeleteAllPoliciesResultSchema, "Rows removed."),
        ...conflictResponse(CONFLICTS),
      },
    },
    { sandboxOnly: true },
  ),
  async (c) => c.json(await companyObject(contextOf(c, { batchId: requestBatchId(c) })).deleteAllPolicies(), 200),
);
