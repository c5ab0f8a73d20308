import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonBody,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { batchIdMember, uuidString } from "../../lib/bounded";
import { linkContact } from "../../operations/policies/link-contact";
import { CONTACT_WRITE_PERMISSIONS, CONTACTS_UNVERSIONED, ContactSchema, PolicyIdParam } from "./schemas";

const LinkBody = z
  .object({
    personId: uuidString().openapi({ description: "Id of an existing person of the company." }),
    batchId: batchIdMember(),
  })
  .strict();

const DESCRIPTION = [
  "Idempotent: the first link answers 201, linking the same person again answers 200; both return the contact.",
  CONTACTS_UNVERSIONED,
  "An unknown policy or person, or one of another company, is 404 `NotFoundError`.",
].join("\n\n");

export const linkPolicyContact = defineRoute(
  companyRoute("P", CONTACT_WRITE_PERMISSIONS, {
    method: "post",
    path: "/policies/{policyId}/contacts",
    operationId: "linkPolicyContact",
    tags: ["Policies"],
    summary: "Link an existing person to a policy as a contact",
    description: DESCRIPTION,
    request: { params: companyParams({ policyId: PolicyIdParam }), body: jsonBody(LinkBody) },
    responses: {
      201: jsonContent(ContactSchema, "Linked."),
      200: jsonContent(ContactSchema, "Already linked; nothing changed."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => {
    const linked = await linkContact(contextOf(c), c.req.valid("param").policyId, c.req.valid("json").personId);
    return linked.created ? c.json(linked.contact, 201) : c.json(linked.contact, 200);
  },
);
