import { customFieldsSchema } from "../../domain/configuration/json-schema";
import type { OperationContext } from "../context";
import { configurationOf } from "./configuration-of";

/** The configured quote fields as JSON Schema, without the platform's lifecycle fields (oldest family). */
export async function readQuoteCustomFields(ctx: OperationContext) {
  const { document } = await configurationOf(ctx);
  return customFieldsSchema(document, "quote");
}
