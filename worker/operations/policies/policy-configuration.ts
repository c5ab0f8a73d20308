import { fieldWriteGroupPermission } from "../../domain/access/permissions";
import type { OptionSet, SubField } from "../../domain/configuration/document";
import { configurationOf } from "../configuration/configuration-of";
import { type Actor, holds, type OperationContext } from "../context";

/** What policy writes read from the company's configuration: the policy and exposure fields, option sets. */
export interface PolicyConfiguration {
  policyFields: SubField[];
  exposureFields: SubField[];
  optionSets: OptionSet[];
}

export async function loadPolicyConfiguration(ctx: OperationContext): Promise<PolicyConfiguration> {
  const { document } = await configurationOf(ctx);
  const fieldsOf = (type: string) => document.fieldDefinitions.filter((f) => f.entityType === type);
  return { policyFields: fieldsOf("policy"), exposureFields: fieldsOf("exposure"), optionSets: document.optionSets };
}

/** Whether the actor may write policy fields locked behind a write group (`policy.field-<group>`). */
export const holdsPolicyWriteGroup = (actor: Actor) => (group: string) =>
  holds(actor, fieldWriteGroupPermission("policy", group));
