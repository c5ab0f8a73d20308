import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { type RpcResult, unwrap } from "../../../durable/rpc-result";
import { companyObjectStub } from "../../company-object";
import type { AppEnv } from "../../http/context";
import { companyParams, companyRoute, conflictResponse, contextOf, jsonContent, keyCaller } from "../../http/route";
import { requestObjectPurge } from "../../operations/files/purge-stored-objects";
import type { PolicyMaintenanceOutcome } from "../../services/policy-repair";

const DeleteAllPoliciesResultSchema = z
  .object({
    rowsRemoved: z.number().int().openapi({
      description:
        "Rows removed across policies, their versions, contacts and relationship links; 0 when there was nothing left.",
    }),
  })
  .openapi("DeleteAllPoliciesResult");

const deleteAllPolicies = companyRoute("P", "company.reset", {
  method: "post",
  path: "/policies/deleteAll",
  operationId: "deleteAllPolicies",
  tags: ["Policies"],
  summary: "Delete every policy (Sandbox only)",
  description: [
    "Removes every policy of the company with all its versions, its contacts, the notes, tasks, folders, files and generated forms attached to it, and every relationship link with a policy at either end (the `previousPolicy` renewal links among them), in one atomic write serialized with policy transactions. Policy number counters are not restarted (a company reset does that). Safe to retry: a repeat removes nothing and answers `rowsRemoved: 0`. No body is needed; a root `batchId` is passed to the audit log.",
    "Refused with 409 `CompanyLifecycleRefused` for every caller unless the company is Sandbox.",
    "Refused with 409 `LiveReferencesExist`, deleting nothing, while live references exist: a quote or event record whose data holds a top-level `policyId` naming one of the company's policies, or a relationship link (either direction) between a policy and a quote or event record. `details` names each (`quote.policyId`, `relationships.<key>`) with a count. Financial records referencing policies do not exist yet; they will join this rule when they do.",
  ].join("\n\n"),
  request: { params: companyParams() },
  responses: {
    200: jsonContent(DeleteAllPoliciesResultSchema, "Rows removed."),
    ...conflictResponse(
      "The company is not Sandbox (`CompanyLifecycleRefused`), or quotes or events reference policies (`LiveReferencesExist`).",
    ),
  },
});

export function registerPolicyDeleteAllRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(deleteAllPolicies, async (c) => {
    const caller = keyCaller(c);
    const actor = {
      requestId: c.get("requestId"),
      keyId: caller.keyId,
      actor: "api-key" as const,
      method: c.req.method,
      path: c.req.path,
      batchId: null,
    };
    const result = await companyObjectStub(c.env, caller.companyId).policyMaintenance(
      caller.companyId,
      { kind: "deleteAll" },
      actor,
    );
    const outcome = unwrap(result as RpcResult<PolicyMaintenanceOutcome>);
    if (outcome.kind !== "deleteAll") throw new Error(`deleteAll answered a ${outcome.kind} outcome`);
    // Files attached to the policies went with them; their stored objects were queued in the same batch.
    if (outcome.rowsRemoved > 0) await requestObjectPurge(contextOf(c));
    return c.json({ rowsRemoved: outcome.rowsRemoved }, 200);
  });
}
