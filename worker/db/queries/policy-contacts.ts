import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../client";
import { entities, policyContacts } from "../schema";

export interface ContactPerson {
  personId: string;
  data: Record<string, unknown>;
}

/** A person of the company: an entity of type `person` (another company's id reads as absent). */
export async function findPerson(db: Database, companyId: string, personId: string): Promise<ContactPerson | null> {
  const rows = await db
    .select({ personId: entities.id, data: entities.data })
    .from(entities)
    .where(
      and(
        eq(entities.id, personId),
        eq(entities.companyId, companyId),
        eq(entities.kind, "entity"),
        eq(entities.entityType, "person"),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** The persons linked to a policy, oldest link first; a link whose person no longer exists is not listed. */
export async function listContacts(db: Database, companyId: string, policyId: string): Promise<ContactPerson[]> {
  return db
    .select({ personId: policyContacts.personId, data: entities.data })
    .from(policyContacts)
    .innerJoin(
      entities,
      and(
        eq(entities.id, policyContacts.personId),
        eq(entities.companyId, companyId),
        eq(entities.kind, "entity"),
        eq(entities.entityType, "person"),
      ),
    )
    .where(and(eq(policyContacts.companyId, companyId), eq(policyContacts.policyId, policyId)))
    .orderBy(asc(policyContacts.createdAt), asc(policyContacts.personId));
}

/** Links a person to a policy in one statement; `false` when the link already existed (a repeat is harmless). */
export async function linkContact(
  db: Database,
  companyId: string,
  policyId: string,
  personId: string,
  now: string,
): Promise<boolean> {
  const inserted = await db
    .insert(policyContacts)
    .values({ companyId, policyId, personId, createdAt: now })
    .onConflictDoNothing({ target: [policyContacts.policyId, policyContacts.personId] })
    .returning({ personId: policyContacts.personId });
  return inserted.length > 0;
}

/** Removes only the association; `false` when there was none. */
export async function unlinkContact(
  db: Database,
  companyId: string,
  policyId: string,
  personId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(policyContacts)
    .where(
      and(
        eq(policyContacts.companyId, companyId),
        eq(policyContacts.policyId, policyId),
        eq(policyContacts.personId, personId),
      ),
    )
    .returning({ personId: policyContacts.personId });
  return deleted.length > 0;
}
