/**
 * How endorsement deltas and staff repairs name a value of the policy's data:
 * `policy.<referenceId>[.<member>...]`; group 1 is the reference id, group 2 the deeper members.
 */
export const POLICY_PATH = /^policy\.([A-Za-z][A-Za-z0-9_]*)((?:\.[A-Za-z0-9_]+)*)$/;

/** The top-level member a policy path names (`policy.limit.amount` → `limit`); null when it is not one. */
export function policyPathMember(path: string): string | null {
  return POLICY_PATH.exec(path)?.[1] ?? null;
}
