import { and, count, eq, or, type SQL, sql } from "drizzle-orm";
import type { CandidateBreak } from "../../domain/configuration/breaking-changes";
import type { Database } from "../client";
import { entities, relationshipLinks } from "../schema";

/** `$."name"`: a JSON path to a top-level member, quoted so any referenceId is safe. */
const memberPath = (referenceId: string) => `$."${referenceId.replaceAll('"', '""')}"`;

const hasValue = (referenceId: string) => sql`json_type(${entities.data}, ${memberPath(referenceId)}) NOT IN ('null')`;

function holdsOption(field: { referenceId: string; multi: boolean }, value: string | number): SQL {
  const path = memberPath(field.referenceId);
  return field.multi
    ? sql`EXISTS (SELECT 1 FROM json_each(${entities.data}, ${path}) WHERE json_each.value = ${value})`
    : sql`json_extract(${entities.data}, ${path}) = ${value}`;
}

/** How many stored records use what a candidate change would remove or retype. */
export async function recordsUsing(db: Database, companyId: string, change: CandidateBreak): Promise<number> {
  const ofType = (type: string, condition?: SQL) =>
    and(eq(entities.companyId, companyId), eq(entities.entityType, type), condition);
  let where: SQL | undefined;
  switch (change.what) {
    case "field":
      where = ofType(change.entityType, hasValue(change.referenceId));
      break;
    case "customObjectField":
      where = ofType(change.key, hasValue(change.referenceId));
      break;
    case "customObject":
      where = ofType(change.key);
      break;
    case "option":
      if (change.fields.length === 0) return 0;
      where = or(...change.fields.map((field) => ofType(field.entityType, holdsOption(field, change.value))));
      break;
    case "relationship": {
      const [row] = await db
        .select({ n: count() })
        .from(relationshipLinks)
        .where(and(eq(relationshipLinks.companyId, companyId), eq(relationshipLinks.relationshipKey, change.key)));
      return row?.n ?? 0;
    }
  }
  const [row] = await db.select({ n: count() }).from(entities).where(where);
  return row?.n ?? 0;
}
