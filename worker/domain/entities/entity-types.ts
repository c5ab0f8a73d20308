/** The parametric entity types of Field Model V1 (interface, "What the service does" 1). */
export const ENTITY_TYPES = ["exposure", "event", "submission", "quote", "person", "organization"] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const ENTITY_TYPE_NAMES: Record<EntityType | "policy", { name: string; pluralizedName: string }> = {
  exposure: { name: "Exposure", pluralizedName: "Exposures" },
  event: { name: "Event", pluralizedName: "Events" },
  submission: { name: "Submission", pluralizedName: "Submissions" },
  quote: { name: "Quote", pluralizedName: "Quotes" },
  person: { name: "Person", pluralizedName: "People" },
  organization: { name: "Organization", pluralizedName: "Organizations" },
  policy: { name: "Policy", pluralizedName: "Policies" },
};
