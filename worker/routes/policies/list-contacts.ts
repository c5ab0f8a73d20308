import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { listContacts } from "../../operations/policies/list-contacts";
import { ContactSchema, PolicyIdParam } from "./schemas";

const ContactListSchema = z.object({ items: z.array(ContactSchema) }).openapi("PolicyContactList");

const DESCRIPTION = [
  "The persons linked to the policy, oldest link first, with display names.",
  "An unknown policy or person, or one of another company, is 404 `NotFoundError`.",
].join("\n\n");

export const listPolicyContacts = defineRoute(
  companyRoute("P", ["policy.view", "person.view"], {
    method: "get",
    path: "/policies/{policyId}/contacts",
    operationId: "listPolicyContacts",
    tags: ["Policies"],
    summary: "List a policy's directory contacts",
    description: DESCRIPTION,
    request: { params: companyParams({ policyId: PolicyIdParam }) },
    responses: {
      200: jsonContent(ContactListSchema, "The contacts."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => c.json(await listContacts(contextOf(c), c.req.valid("param").policyId), 200),
);
