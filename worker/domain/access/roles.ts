import { ALL_PERMISSION_NAMES, canonicalPermission, isFieldWriteGroup } from "./permissions";

/** Roles of CONTRACT section 1. `allFieldGroups` grants every field write group of the company. */
interface RoleDefinition {
  permissions: readonly string[];
  allFieldGroups: boolean;
}

const isRead = (name: string) => name.endsWith(".view");
const FINANCIAL = /^(payment|invoice)\./;
const CONFIGURATION = /^configuration\./;

export const ROLES = {
  Admin: { permissions: ALL_PERMISSION_NAMES.filter((p) => p !== "company.reset"), allFieldGroups: true },
  Finance: {
    permissions: ALL_PERMISSION_NAMES.filter((p) => FINANCIAL.test(p) || isRead(p)),
    allFieldGroups: false,
  },
  ReadOnly: { permissions: ALL_PERMISSION_NAMES.filter(isRead), allFieldGroups: false },
  FMV1_CONFIGURATION_MANAGER: {
    permissions: ALL_PERMISSION_NAMES.filter((p) => CONFIGURATION.test(p) || p === "company.view"),
    allFieldGroups: false,
  },
  // Legacy: every permission through the old-name mapping, company.reset included.
  SUPER_ADMIN: { permissions: ALL_PERMISSION_NAMES, allFieldGroups: true },
  SandboxManager: { permissions: ["company.reset"], allFieldGroups: false },
} as const satisfies Record<string, RoleDefinition>;

export type RoleName = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as RoleName[];

export function isRoleName(name: string): name is RoleName {
  return Object.hasOwn(ROLES, name);
}

/** What a key may do: the union of its roles and its explicit permissions (CONTRACT section 1). */
export class Grants {
  private readonly names: Set<string>;
  private readonly allFieldGroups: boolean;

  constructor(roles: readonly string[], explicit: readonly string[]) {
    this.names = new Set();
    let allFieldGroups = false;
    for (const role of roles) {
      if (!isRoleName(role)) continue;
      const definition: RoleDefinition = ROLES[role];
      for (const permission of definition.permissions) this.names.add(permission);
      allFieldGroups ||= definition.allFieldGroups;
    }
    for (const name of explicit) {
      const canonical = canonicalPermission(name);
      if (canonical) this.names.add(canonical);
    }
    this.allFieldGroups = allFieldGroups;
  }

  /** `permission` must be canonical (see `requirePermissionName`). */
  has(permission: string): boolean {
    if (this.names.has(permission)) return true;
    return this.allFieldGroups && isFieldWriteGroup(permission);
  }

  /** Effective permissions in `resource.verb` style; `fieldGroups` are the company's configured groups. */
  list(fieldGroups: readonly string[] = []): string[] {
    const all = new Set(this.names);
    if (this.allFieldGroups) for (const group of fieldGroups) all.add(group);
    return [...all].sort();
  }
}
