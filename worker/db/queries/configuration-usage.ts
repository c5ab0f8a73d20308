import { type SQL, sql } from "drizzle-orm";
import type { CandidateBreak, DataUse, ValueTest } from "../../domain/configuration/breaking-changes";
import { EACH, type ValuePath } from "../../domain/configuration/data-places";
import type { Database } from "../client";
import { entities, financialAccounts, financialMembers, policyVersions, relationshipLinks } from "../schema";

/**
 * How much stored data uses what a configuration change would remove or retype (the breaking-change
 * gate). Every place is read with SQLite's JSON functions: a path into a list (`EACH`) becomes a
 * `json_each` over its items. Values are written into the SQL as literals (escaped), never as bound
 * parameters: D1 allows 100 parameters per statement and one change may look in many places.
 */

const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);
const numberLiteral = (value: number) => sql.raw(Number.isFinite(value) ? String(value) : "NULL");

/** `$."exposures"."vin"`: a JSON path of quoted members, so any referenceId is safe. */
const jsonPath = (members: ValuePath) => literal(`$${members.map((m) => `."${m.replaceAll('"', '""')}"`).join("")}`);

/** An item of `json_each` (alias `item`) equal to an option value of the same JSON type. */
function isOption(item: SQL, value: string | number): SQL {
  return typeof value === "string"
    ? sql`(${item}.type = 'text' AND ${item}.atom = ${literal(value)})`
    : sql`(${item}.type IN ('integer', 'real') AND ${item}.atom = ${numberLiteral(value)})`;
}

function isAnyOption(item: SQL, allowed: ReadonlyArray<string | number>): SQL {
  const texts = allowed.filter((v): v is string => typeof v === "string").map(literal);
  const numbers = allowed.filter((v): v is number => typeof v === "number").map(numberLiteral);
  const parts = [
    texts.length ? sql`(${item}.type = 'text' AND ${item}.atom IN (${sql.join(texts, sql`, `)}))` : null,
    numbers.length
      ? sql`(${item}.type IN ('integer', 'real') AND ${item}.atom IN (${sql.join(numbers, sql`, `)}))`
      : null,
  ].filter((part): part is SQL => part !== null);
  return parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`0`;
}

/**
 * The test at the end of a path. Option tests read the value through `json_each`, which gives a scalar
 * as its only item and a list item by item: a Select value and a MultiSelect's values alike.
 */
function leafHolds(json: SQL, path: ValuePath, test: ValueTest, depth: number): SQL {
  const at = jsonPath(path);
  if (test.kind === "value") return sql`coalesce(json_type(${json}, ${at}), 'null') != 'null'`;
  const item = sql.raw(`item${depth}`);
  const items = sql`json_each(${json}, ${at}) AS ${item}`;
  if (test.kind === "option") return sql`EXISTS (SELECT 1 FROM ${items} WHERE ${isOption(item, test.value)})`;
  return sql`EXISTS (SELECT 1 FROM ${items} WHERE ${item}.type != 'null' AND NOT ${isAnyOption(item, test.allowed)})`;
}

/** SQL that holds when the JSON `json` has a value at `path` passing `test`; `EACH` walks every list item. */
function holds(json: SQL, path: ValuePath, test: ValueTest, depth = 0): SQL {
  const each = path.indexOf(EACH);
  if (each === -1) return leafHolds(json, path, test, depth);
  const entry = sql.raw(`entry${depth}`);
  const inner = holds(sql`${entry}.value`, path.slice(each + 1), test, depth + 1);
  return sql`EXISTS (SELECT 1 FROM json_each(${json}, ${jsonPath(path.slice(0, each))}) AS ${entry} WHERE ${entry}.type = 'object' AND ${inner})`;
}

/** A policy version's data is the data of each of its segments, and of the segments a reinstatement restores. */
const versionDataHolds = (path: ValuePath, test: ValueTest) =>
  sql`(${holds(sql`${policyVersions.coverage}`, ["segments", EACH, "data", ...path], test)} OR ${holds(
    sql`${policyVersions.coverage}`,
    ["cancellation", "restore", EACH, "data", ...path],
    test,
  )})`;

const anyOf = (conditions: readonly SQL[]) => sql`(${sql.join([...conditions], sql` OR `)})`;

/** One count per store: a record (or version) using the change in several places counts once. */
function countOf(companyId: string, uses: readonly DataUse[]): SQL {
  const company = literal(companyId);
  const counts: SQL[] = [];
  const byRecordType = new Map<string, SQL[]>();
  const inVersions: SQL[] = [];
  for (const use of uses) {
    if (use.kind === "records")
      counts.push(
        sql`(SELECT count(*) FROM ${entities} WHERE ${entities.companyId} = ${company} AND ${entities.entityType} = ${literal(use.recordType)})`,
      );
    else if (use.kind === "accounts") {
      const column = use.member === "category" ? financialAccounts.categoryId : financialAccounts.lineItemTypeId;
      counts.push(
        sql`(SELECT count(*) FROM ${financialAccounts} WHERE ${financialAccounts.companyId} = ${company} AND ${column} IN (SELECT ${financialMembers.id} FROM ${financialMembers} WHERE ${financialMembers.companyId} = ${company} AND ${financialMembers.member} = ${literal(use.member)} AND ${financialMembers.name} = ${literal(use.name)} AND ${financialMembers.removedAt} IS NULL))`,
      );
    } else if (use.kind === "links")
      counts.push(
        sql`(SELECT count(*) FROM ${relationshipLinks} WHERE ${relationshipLinks.companyId} = ${company} AND ${relationshipLinks.relationshipKey} = ${literal(use.relationshipKey)})`,
      );
    else if (use.place.store === "policyVersions") inVersions.push(versionDataHolds(use.place.path, use.test));
    else {
      const list = byRecordType.get(use.place.recordType) ?? [];
      list.push(holds(sql`${entities.data}`, use.place.path, use.test));
      byRecordType.set(use.place.recordType, list);
    }
  }
  for (const [recordType, conditions] of byRecordType)
    counts.push(
      sql`(SELECT count(*) FROM ${entities} WHERE ${entities.companyId} = ${company} AND ${entities.entityType} = ${literal(recordType)} AND json_valid(${entities.data}) AND ${anyOf(conditions)})`,
    );
  if (inVersions.length)
    counts.push(
      sql`(SELECT count(*) FROM ${policyVersions} WHERE ${policyVersions.companyId} = ${company} AND json_valid(${policyVersions.coverage}) AND ${anyOf(inVersions)})`,
    );
  return counts.length ? sql.join(counts, sql` + `) : sql`0`;
}

/** How many stored records (entity records, policy versions) or links use each change, in the changes' order. */
export async function recordsUsing(
  db: Database,
  companyId: string,
  changes: readonly CandidateBreak[],
): Promise<number[]> {
  const counts: number[] = [];
  // A few at a time: a large option set removed is one change per option.
  for (let start = 0; start < changes.length; start += 20) {
    const chunk = changes.slice(start, start + 20);
    const rows = await Promise.all(
      chunk.map((change) => db.get<{ n: number }>(sql`SELECT ${countOf(companyId, change.uses)} AS n`)),
    );
    counts.push(...rows.map((row) => row?.n ?? 0));
  }
  return counts;
}
