import { and, asc, count, desc, eq, exists, notExists, type SQL, sql } from "drizzle-orm";
import type { RecordRef } from "../../domain/attachments/attached-record";
import type { Database } from "../client";
import { formLogicRules, formTemplates, generatedForms } from "../schema";

export type FormTemplateRow = typeof formTemplates.$inferSelect;
export type FormLogicRuleRow = typeof formLogicRules.$inferSelect;
export type GeneratedFormRow = typeof generatedForms.$inferSelect;

type Page = { limit: number; offset: number };

const templateIs = (companyId: string, number: string) =>
  and(eq(formTemplates.companyId, companyId), eq(formTemplates.number, number));

/** Inserts a template unless the number is taken; null when it is. */
export async function insertTemplate(db: Database, row: FormTemplateRow): Promise<FormTemplateRow | null> {
  const rows = await db.insert(formTemplates).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function findTemplate(db: Database, companyId: string, number: string) {
  const rows = await db.select().from(formTemplates).where(templateIs(companyId, number)).limit(1);
  return rows[0] ?? null;
}

/** By number (case-sensitive, code-point order). */
export async function listTemplates(db: Database, companyId: string, page: Page) {
  const where = eq(formTemplates.companyId, companyId);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(formTemplates)
      .where(where)
      .orderBy(asc(formTemplates.number))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(formTemplates).where(where),
  ]);
  return { items, totalCount: total?.n ?? 0 };
}

export type TemplateChange = Partial<Pick<FormTemplateRow, "name" | "edition" | "description">> & { updatedAt: string };

export async function updateTemplate(db: Database, companyId: string, number: string, change: TemplateChange) {
  const rows = await db.update(formTemplates).set(change).where(templateIs(companyId, number)).returning();
  return rows[0] ?? null;
}

const rulesOf = (db: Database, companyId: string, number: string) =>
  db
    .select({ one: sql`1` })
    .from(formLogicRules)
    .where(and(eq(formLogicRules.companyId, companyId), eq(formLogicRules.formNumber, number)));

/** Deletes the template only while no rule references it (one statement); returns whether it was deleted. */
export async function deleteUnreferencedTemplate(db: Database, companyId: string, number: string) {
  const rows = await db
    .delete(formTemplates)
    .where(and(templateIs(companyId, number), notExists(rulesOf(db, companyId, number))))
    .returning({ number: formTemplates.number });
  return rows.length > 0;
}

/** Ids of every rule referencing a form, oldest first (the 409 of a template delete names them all). */
export async function ruleIdsReferencing(db: Database, companyId: string, number: string) {
  const rows = await db
    .select({ id: formLogicRules.id })
    .from(formLogicRules)
    .where(and(eq(formLogicRules.companyId, companyId), eq(formLogicRules.formNumber, number)))
    .orderBy(asc(formLogicRules.createdAt), asc(formLogicRules.id));
  return rows.map((row) => row.id);
}

const templateExists = (db: Database, companyId: string, number: string) =>
  exists(db.select({ one: sql`1` }).from(formTemplates).where(templateIs(companyId, number)));

/** Inserts a rule only while its template exists (one statement); null when it does not. */
export async function insertRuleIfTemplateExists(db: Database, row: FormLogicRuleRow) {
  const values = [row.id, row.companyId, row.formNumber, row.entityType, row.name, row.createdAt, row.createdBy];
  const rows = await db
    .insert(formLogicRules)
    .select(
      sql`SELECT ${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )} WHERE ${templateExists(db, row.companyId, row.formNumber)}`,
    )
    .returning();
  return rows[0] ?? null;
}

/** Oldest first; `formNumber` matched as text. */
export async function listRules(db: Database, companyId: string, formNumber: string | undefined, page: Page) {
  const where = and(
    eq(formLogicRules.companyId, companyId),
    formNumber === undefined ? undefined : eq(formLogicRules.formNumber, formNumber),
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(formLogicRules)
      .where(where)
      .orderBy(asc(formLogicRules.createdAt), asc(formLogicRules.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(formLogicRules).where(where),
  ]);
  return { items, totalCount: total?.n ?? 0 };
}

export async function deleteRule(db: Database, companyId: string, id: string) {
  const rows = await db
    .delete(formLogicRules)
    .where(and(eq(formLogicRules.companyId, companyId), eq(formLogicRules.id, id)))
    .returning({ id: formLogicRules.id });
  return rows.length > 0;
}

/** Records a generated form with its template's current name (one statement); null when the template is gone. */
export async function insertGeneratedForm(db: Database, row: Omit<GeneratedFormRow, "formName">) {
  const rows = await db
    .insert(generatedForms)
    .select(
      db
        .select({
          id: sql<string>`${row.id}`.as("id"),
          companyId: formTemplates.companyId,
          formNumber: formTemplates.number,
          formName: formTemplates.name,
          entityType: sql<string>`${row.entityType}`.as("entity_type"),
          entityId: sql<string>`${row.entityId}`.as("entity_id"),
          createdAt: sql<string>`${row.createdAt}`.as("created_at"),
          createdBy: sql<string | null>`${row.createdBy}`.as("created_by"),
        })
        .from(formTemplates)
        .where(templateIs(row.companyId, row.formNumber)),
    )
    .returning();
  return rows[0] ?? null;
}

/** Newest first; `formNumber` matched as text. */
export async function listGeneratedForms(
  db: Database,
  companyId: string,
  filter: { record?: RecordRef; formNumber?: string },
  page: Page,
) {
  const conditions: SQL[] = [eq(generatedForms.companyId, companyId)];
  if (filter.record)
    conditions.push(
      eq(generatedForms.entityType, filter.record.entityType),
      eq(generatedForms.entityId, filter.record.entityId),
    );
  if (filter.formNumber !== undefined) conditions.push(eq(generatedForms.formNumber, filter.formNumber));
  const where = and(...conditions);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(generatedForms)
      .where(where)
      .orderBy(desc(generatedForms.createdAt), desc(generatedForms.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(generatedForms).where(where),
  ]);
  return { items, totalCount: total?.n ?? 0 };
}
