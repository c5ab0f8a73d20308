import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, notFoundResponse, validationErrorResponse } from "../../http/route";
import { uuidString } from "../../lib/bounded";
import { unlinkContact } from "../../operations/policies/unlink-contact";
import { CONTACT_WRITE_PERMISSIONS, CONTACTS_UNVERSIONED, PolicyIdParam } from "./schemas";

const PersonIdParam = uuidString().openapi({ param: { name: "personId", in: "path" } });

const DESCRIPTION = [
  `Removes only the association; the person stays. ${CONTACTS_UNVERSIONED}`,
  "An unknown policy, or a person not linked to it (another company's ids included), is 404 `NotFoundError`.",
  "Needs the same permissions as linking: `policy.endorse`, `policy.view` and `person.view`.",
].join("\n\n");

export const unlinkPolicyContact = defineRoute(
  companyRoute("P", CONTACT_WRITE_PERMISSIONS, {
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
