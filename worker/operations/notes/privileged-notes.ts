import { notAuthorized } from "../../errors/api-error";
import { holds, type OperationContext } from "../context";

/** Whether the caller sees privileged notes (`note.view-privileged`; no old-style name exists). */
export const seesPrivilegedNotes = (ctx: OperationContext) => holds(ctx.actor, "note.view-privileged");

/**
 * A body carrying `privileged`, true or false, needs `note.view-privileged` as well as the route's own
 * permission (interface, Notes): 403 otherwise, checked after the body is valid and before any lookup.
 */
export function requirePrivilegedGrant(ctx: OperationContext, privileged: boolean | undefined): void {
  if (privileged !== undefined && !seesPrivilegedNotes(ctx)) throw notAuthorized();
}
