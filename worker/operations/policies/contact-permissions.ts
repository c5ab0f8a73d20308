import { notAuthorized } from "../../errors/api-error";
import { holds, type OperationContext } from "../context";

/**
 * The contacts routes declare one permission each; the interface names more (`person.view`, and
 * `policy.view` to link), checked here before anything is read: 403 before 404.
 */
export function requirePermissions(ctx: OperationContext, ...permissions: string[]) {
  if (!permissions.every((p) => holds(ctx.actor, p))) throw notAuthorized();
}
