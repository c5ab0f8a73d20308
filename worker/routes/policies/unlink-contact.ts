import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, notFoundResponse, validationErrorResponse } from "../../http/route";
import { unlinkContact } from "../../operations/policies/unlink-contact";
import { CONTACTS_UNVERSIONED, PolicyIdParam } from "./schemas";

const PersonIdParam = z.uuid().openapi({ param: { name: "personId", in: "path" } });

const DESCRIPTION = [
  `Removes only the association; the person stays. ${CONTACTS_UNVERSIONED}`,
  "An unknown policy, or a person not linked to it (another company's ids included), is 404 `NotFoundError`.",
].join("\n\n");

export const unlinkPolicyContact = defineRoute(
  companyRoute("P", "policy.endorse", {
    method: "delete",
    path: "/policies/{policyId}/contacts/{personId}",
    operationId: "unlinkPolicyContact",
    tags: ["Policies"],
    summary: "Remove a contact from a policy",
    description: DESCRIPTION,
    request: { params: companyParams({ policyId: PolicyIdParam, personId: PersonIdParam }) },
    responses: { 204: { description: "Unlinked." }, ...validationErrorResponse, ...notFoundResponse },
  }),
  async (c) => {
    const { policyId, personId } = c.req.valid("param");
    await unlinkContact(contextOf(c), policyId, personId);
    return c.body(null, 204);
  },
);
