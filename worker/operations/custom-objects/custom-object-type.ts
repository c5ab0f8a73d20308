import type { ConfigurationDocument, CustomObject } from "../../domain/configuration/document";
import { notFound } from "../../errors/api-error";
import { invalidData } from "../../errors/entity-refusals";
import type { JsonObject } from "../../lib/json";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";

/** The company's configuration and the custom object type it declares under `objectType`; 404 when none. */
export async function configuredCustomObject(
  ctx: OperationContext,
  objectType: string,
): Promise<{ configuration: ConfigurationDocument; customObject: CustomObject }> {
  const { document } = await configurationOf(ctx);
  const customObject = document.customObjects.find((o) => o.key === objectType);
  if (!customObject) throw notFound();
  return { configuration: document, customObject };
}

/** Relationship values are links, never field data: refuse them whole, naming each (interface, custom-objects row). */
export function refuseRelationshipFields(configuration: ConfigurationDocument, data: JsonObject) {
  const keys = new Set(configuration.relationships.map((r) => r.key));
  const named = Object.keys(data).filter((key) => keys.has(key));
  if (named.length) {
    throw invalidData(
      named.map((path) => ({
        path,
        problem: "is a relationship field: relationship fields are linked through the relationships endpoints",
      })),
    );
  }
}
