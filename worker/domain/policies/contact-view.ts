/** A directory contact of a policy as the contacts routes answer it (CONTRACT section 4, "Contacts"). */
export interface ContactView {
  personId: string;
  displayName: string;
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/** The person's `name`; else its `email`; else `Person <first 8 characters of its id>`. */
export function contactView(person: { personId: string; data: Record<string, unknown> }): ContactView {
  return {
    personId: person.personId,
    displayName: text(person.data.name) ?? text(person.data.email) ?? `Person ${person.personId.slice(0, 8)}`,
  };
}
