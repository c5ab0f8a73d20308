import { configuredFieldWriteGroups } from "../../domain/configuration/field-write-groups";
import { configurationOf } from "../configuration/configuration-of";
import { grantsOf, type OperationContext } from "../context";

/**
 * `GET P/me`: the calling key's roles and effective permissions in `resource.verb` style, with each field
 * write group of the company's configuration that its roles hold (CONTRACT section 4, "Roles").
 */
export async function describeCaller(ctx: OperationContext) {
  const { document } = await configurationOf(ctx);
  const permissions = grantsOf(ctx.actor).list(configuredFieldWriteGroups(document));
  return { companyId: ctx.companyId, keyId: ctx.actor.keyId ?? "", roles: [...ctx.actor.roles], permissions };
}
