import { COMPARE_CATEGORIES, diffDocuments } from "../../domain/configuration/diff";
import { readDocument } from "../../domain/configuration/read-document";
import { invalidConfiguration } from "../../errors/configuration-refusals";
import type { OperationContext } from "../context";
import { readingBase } from "./reading-base";

/** What importing the document would change, per category; an invalid document is refused as import refuses it. */
export async function compareDocument(ctx: OperationContext, input: unknown) {
  const { stored, usage } = await readingBase(ctx);
  const { document, issues } = readDocument(input, stored.document, usage);
  if (!document) throw invalidConfiguration(issues);
  return diffDocuments(COMPARE_CATEGORIES, stored.document, document);
}
