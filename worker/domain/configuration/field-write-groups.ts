import { fieldWriteGroupPermission } from "../access/permissions";
import type { ConfigurationDocument, SubField } from "./document";

/** `writePermission` values of fields and, recursively, of their group sub-fields. */
function writeGroupsOf(fields: readonly SubField[]): string[] {
  return fields.flatMap((field) => [
    ...(field.writePermission !== null ? [field.writePermission] : []),
    ...writeGroupsOf(field.typeInfo.subFields ?? []),
  ]);
}

/**
 * The company's field write groups (interface, Authentication 7): `<entity>.field-<writePermission>` for
 * every group a field definition, or a sub-field inside one, names, and `custom-object.field-<group>` for
 * every group a custom object's sub-fields name (what custom object writes check). Sorted, each once.
 */
export function configuredFieldWriteGroups(document: ConfigurationDocument): string[] {
  const groups = [
    ...document.fieldDefinitions.flatMap((field) =>
      writeGroupsOf([field]).map((group) => fieldWriteGroupPermission(field.entityType, group)),
    ),
    ...document.customObjects.flatMap((object) =>
      writeGroupsOf(object.subFields).map((group) => fieldWriteGroupPermission("custom-object", group)),
    ),
  ];
  return [...new Set(groups)].sort();
}
