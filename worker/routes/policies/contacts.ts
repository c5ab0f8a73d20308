import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { type Database, database } from "../../db/client";
import { findPolicyHead } from "../../db/queries/policies";
import {
  type ContactPerson,
  findPerson,
  linkContact,
  listContacts,
  unlinkContact,
} from "../../db/queries/policy-contacts";
import { ApiError, notFound } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import {
  companyParams,
  companyRoute,
  jsonBody,
  jsonContent,
  keyCaller,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { PolicyIdParam } from "./schemas";

/**
 * Directory contacts of a policy (interface, Policies; CONTRACT section 4 "Contacts"): unversioned
 * associations with existing persons. Linking or unlinking writes no policy version.
 */

const PersonIdParam = z.uuid().openapi({ param: { name: "personId", in: "path" } });

const ContactSchema = z
  .object({
    personId: z.uuid(),
    displayName: z
      .string()
      .openapi({ description: "The person's `name`; else its `email`; else `Person <first 8 characters of its id>`." }),
  })
  .openapi("PolicyContact");
const ContactListSchema = z.object({ items: z.array(ContactSchema) }).openapi("PolicyContactList");
const LinkBody = z
  .object({
    personId: z.uuid().openapi({ description: "Id of an existing person of the company." }),
    batchId: z.unknown().optional(),
  })
  .strict();

const UNVERSIONED =
  "Contacts are unversioned: no policy version is written, and a `contacts` value inside transaction data is ignored.";
const UNKNOWN = "An unknown policy or person, or one of another company, is 404 `NotFoundError`.";

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

export function contactView(person: ContactPerson) {
  return {
    personId: person.personId,
    displayName: text(person.data.name) ?? text(person.data.email) ?? `Person ${person.personId.slice(0, 8)}`,
  };
}

/** The route declares one permission; the others the interface names are checked here. */
function requireAlso(c: Context<AppEnv>, ...permissions: string[]) {
  const { grants } = keyCaller(c);
  if (!permissions.every((p) => grants.has(p))) {
    throw new ApiError({
      code: "AuthorizationError",
      message: "User is not authorized to perform the requested action",
    });
  }
}

async function requirePolicy(db: Database, companyId: string, policyId: string) {
  if (!(await findPolicyHead(db, companyId, policyId))) throw notFound();
}

const policyParams = companyParams({ policyId: PolicyIdParam });

const listPolicyContacts = companyRoute("P", "policy.view", {
  method: "get",
  path: "/policies/{policyId}/contacts",
  operationId: "listPolicyContacts",
  tags: ["Policies"],
  summary: "List a policy's directory contacts",
  description: [
    "The persons linked to the policy, oldest link first, with display names.",
    UNKNOWN,
    "Requires `person.view` as well (403 `AuthorizationError` without it).",
  ].join("\n\n"),
  request: { params: policyParams },
  responses: { 200: jsonContent(ContactListSchema, "The contacts."), ...validationErrorResponse, ...notFoundResponse },
});

const linkPolicyContact = companyRoute("P", "policy.endorse", {
  method: "post",
  path: "/policies/{policyId}/contacts",
  operationId: "linkPolicyContact",
  tags: ["Policies"],
  summary: "Link an existing person to a policy as a contact",
  description: [
    "Idempotent: the first link answers 201, linking the same person again answers 200; both return the contact.",
    UNVERSIONED,
    UNKNOWN,
    "Requires `policy.view` and `person.view` as well (403 `AuthorizationError` without them).",
  ].join("\n\n"),
  request: { params: policyParams, body: jsonBody(LinkBody) },
  responses: {
    201: jsonContent(ContactSchema, "Linked."),
    200: jsonContent(ContactSchema, "Already linked; nothing changed."),
    ...validationErrorResponse,
    ...notFoundResponse,
  },
});

const unlinkPolicyContact = companyRoute("P", "policy.endorse", {
  method: "delete",
  path: "/policies/{policyId}/contacts/{personId}",
  operationId: "unlinkPolicyContact",
  tags: ["Policies"],
  summary: "Remove a contact from a policy",
  description: [
    "Removes only the association; the person stays. " + UNVERSIONED,
    "An unknown policy, or a person not linked to it (another company's ids included), is 404 `NotFoundError`.",
  ].join("\n\n"),
  request: { params: companyParams({ policyId: PolicyIdParam, personId: PersonIdParam }) },
  responses: { 204: { description: "Unlinked." }, ...validationErrorResponse, ...notFoundResponse },
});

export function registerPolicyContactRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listPolicyContacts, async (c) => {
    requireAlso(c, "person.view");
    const { companyId } = keyCaller(c);
    const { policyId } = c.req.valid("param");
    const db = database(c.env.DB);
    await requirePolicy(db, companyId, policyId);
    return c.json({ items: (await listContacts(db, companyId, policyId)).map(contactView) }, 200);
  });

  app.openapi(linkPolicyContact, async (c) => {
    requireAlso(c, "policy.view", "person.view");
    const { companyId } = keyCaller(c);
    const { policyId } = c.req.valid("param");
    const { personId } = c.req.valid("json");
    const db = database(c.env.DB);
    await requirePolicy(db, companyId, policyId);
    const person = await findPerson(db, companyId, personId);
    if (!person) throw notFound();
    const created = await linkContact(db, companyId, policyId, person.personId, new Date().toISOString());
    return created ? c.json(contactView(person), 201) : c.json(contactView(person), 200);
  });

  app.openapi(unlinkPolicyContact, async (c) => {
    const { companyId } = keyCaller(c);
    const { policyId, personId } = c.req.valid("param");
    const db = database(c.env.DB);
    await requirePolicy(db, companyId, policyId);
    if (!(await unlinkContact(db, companyId, policyId, personId))) throw notFound();
    return c.body(null, 204);
  });
}
