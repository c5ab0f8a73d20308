/**
 * The permission catalog. Every permission has a canonical `resource.verb` name; most also carry the
 * older `company.<entity>:<action>` name (interface, Authentication 5). Both names grant the same thing.
 */

type Verb = "view" | "create" | "edit" | "delete";

const LEGACY_ACTION: Record<Verb, string> = { view: "read", create: "create", edit: "update", delete: "delete" };

/** Resources with the four standard verbs, and the entity name their legacy permissions use. */
const STANDARD_RESOURCES = {
  exposure: "exposure",
  event: "claim",
  submission: "submission",
  quote: "quote",
  person: "person",
  organization: "organization",
  policy: "policy",
  "custom-object": "fmv1_custom_object",
  note: "note",
  task: "task",
  file: "file",
  folder: "folder",
  payment: "payment",
  invoice: "invoice",
  "export-preset": "export_preset",
  form: "form",
  configuration: "configuration",
} as const;

/** Permissions beyond the standard verbs, with their legacy names where the interface gives one. */
const SPECIAL_PERMISSIONS: ReadonlyArray<{ name: string; legacy?: string; description: string }> = [
  { name: "company.view", description: "Read the company's lifecycle and settings." },
  { name: "company.reset", description: "Wipe a Sandbox company's data; forced configuration import." },
  { name: "audit.view", legacy: "company.audit:read", description: "Read the audit log." },
  {
    name: "configuration.export",
    legacy: "company.configuration:export",
    description: "Export or compare configuration.",
  },
  { name: "configuration.import", legacy: "company.configuration:import", description: "Import configuration." },
  { name: "submission.close", description: "Close a submission." },
  { name: "submission.reopen", description: "Reopen a closed submission." },
  { name: "quote.cancel", description: "Cancel an unbound quote." },
  { name: "quote.rate", legacy: "company.quote:rate", description: "Rate a quote." },
  { name: "quote.bind", legacy: "company.quote:bind", description: "Bind a quote into a policy." },
  {
    name: "policy.endorse",
    legacy: "company.policy:endorse",
    description: "Endorse a policy; link or unlink contacts.",
  },
  { name: "policy.cancel", legacy: "company.policy:cancel", description: "Cancel a policy." },
  { name: "policy.reinstate", legacy: "company.policy:reinstate", description: "Reinstate a cancelled policy." },
  { name: "policy.renew", legacy: "company.policy:renew", description: "Renew a policy." },
  { name: "note.view-privileged", description: "See and set privileged notes." },
  { name: "invoice.edit-paid", description: "Edit or delete an invoice with a recorded payment." },
  { name: "export-preset.create-for-member", description: "Create an export preset owned by another member." },
];

export interface PermissionDefinition {
  name: string;
  legacy: string | null;
  description: string;
}

/**
 * A standard verb a resource names otherwise: a payment is recorded, not created, so `payment.record` is the
 * permission whose old-style name is `company.payment:create` (CONTRACT 7.6, roles).
 */
const CANONICAL_VERB: Partial<Record<keyof typeof STANDARD_RESOURCES, Partial<Record<Verb, string>>>> = {
  payment: { create: "record" },
};

function standardPermissions(): PermissionDefinition[] {
  const verbs: Verb[] = ["view", "create", "edit", "delete"];
  return Object.entries(STANDARD_RESOURCES).flatMap(([resource, legacyEntity]) =>
    verbs.map((verb) => {
      const named = CANONICAL_VERB[resource as keyof typeof STANDARD_RESOURCES]?.[verb] ?? verb;
      return {
        name: `${resource}.${named}`,
        legacy: `company.${legacyEntity}:${LEGACY_ACTION[verb]}`,
        description:
          named === verb
            ? `${verb.charAt(0).toUpperCase()}${verb.slice(1)} ${resource} records.`
            : `${named.charAt(0).toUpperCase()}${named.slice(1)} ${resource}s.`,
      };
    }),
  );
}

export const PERMISSIONS: readonly PermissionDefinition[] = [
  ...standardPermissions(),
  ...SPECIAL_PERMISSIONS.map((p) => ({ name: p.name, legacy: p.legacy ?? null, description: p.description })),
];

const CANONICAL_BY_ANY_NAME = new Map<string, string>(
  PERMISSIONS.flatMap((p) =>
    p.legacy
      ? [
          [p.name, p.name],
          [p.legacy, p.name],
        ]
      : [[p.name, p.name]],
  ),
);

/** Field write groups: `<entity>.field-<kebab-group>` (interface, Authentication 7). */
const FIELD_WRITE_GROUP =
  /^(exposure|event|quote|submission|person|organization|policy|custom-object)\.field-[a-z0-9]+(-[a-z0-9]+)*$/;

export function isFieldWriteGroup(name: string): boolean {
  return FIELD_WRITE_GROUP.test(name);
}

export function fieldWriteGroupPermission(entityType: string, group: string): string {
  return `${entityType}.field-${group}`;
}

/** The canonical name of a permission given in either style, or null when it is not in the catalog. */
export function canonicalPermission(name: string): string | null {
  if (isFieldWriteGroup(name)) return name;
  return CANONICAL_BY_ANY_NAME.get(name) ?? null;
}

/** Canonical name for a permission a route declares; an unknown name there is a programming error. */
export function requirePermissionName(name: string): string {
  const canonical = canonicalPermission(name);
  if (!canonical) throw new Error(`Route declares unknown permission ${name}`);
  return canonical;
}

export function legacyNameOf(canonical: string): string | null {
  return PERMISSIONS.find((p) => p.name === canonical)?.legacy ?? null;
}

export const ALL_PERMISSION_NAMES: readonly string[] = PERMISSIONS.map((p) => p.name);
