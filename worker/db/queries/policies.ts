import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { VersionRecord } from "../../domain/policies/version-view";
import type { Database } from "../client";
import { CompiledSelect, selectTogether } from "../compiled-select";
import { BoundWrite, CompiledWrite, placeholderValue, rowPlaceholders } from "../compiled-write";
import { policies, policyVersions, relationshipLinks, sequences } from "../schema";
import { mintedValue, nextSequenceStatement } from "./entities";
import { inList } from "./in-list";

export type PolicyHead = typeof policies.$inferSelect;
export type PolicyVersionRow = typeof policyVersions.$inferSelect;

/** The renewal relationship `Policy<N:1:previousPolicy>Policy`, as the renew transaction stores it. */
export const PREVIOUS_POLICY = "previousPolicy";

export async function findPolicyHead(db: Database, companyId: string, policyId: string): Promise<PolicyHead | null> {
  const rows = await db
    .select()
    .from(policies)
    .where(and(eq(policies.id, policyId), eq(policies.companyId, companyId)))
    .limit(1);
  return rows[0] ?? null;
}

type PolicyKey = { policyId: string; companyId: string };

const policyHeadById = new CompiledSelect<PolicyHead, PolicyKey>(policies, (qb) =>
  qb
    .select()
    .from(policies)
    .where(and(eq(policies.id, sql.placeholder("policyId")), eq(policies.companyId, sql.placeholder("companyId"))))
    .limit(1),
);

/** The version the head names as current, found through the head in the same statement. */
const currentVersionById = new CompiledSelect<PolicyVersionRow, PolicyKey>(policyVersions, (qb) =>
  qb
    .select()
    .from(policyVersions)
    .where(
      and(
        eq(policyVersions.policyId, sql.placeholder("policyId")),
        eq(policyVersions.companyId, sql.placeholder("companyId")),
        eq(
          policyVersions.version,
          sql`(SELECT "current_version" FROM "policies" WHERE "policies"."id" = ${sql.placeholder("policyId")} AND "policies"."company_id" = ${sql.placeholder("companyId")})`,
        ),
      ),
    )
    .limit(1),
);

/**
 * A policy's head and the version it names as current, in one D1 batch (one round trip, one snapshot)
 * instead of the head and then its version. Null head: no such policy of the company.
 */
export async function findPolicyWithCurrentVersion(
  db: Database,
  companyId: string,
  policyId: string,
): Promise<{ head: PolicyHead | null; current: PolicyVersionRow | null }> {
  const key = { policyId, companyId };
  const [[head], [current]] = await selectTogether(db.$client, [policyHeadById, key], [currentVersionById, key]);
  return { head: head ?? null, current: current ?? null };
}

export async function findPolicyByNumber(
  db: Database,
  companyId: string,
  policyNumber: string,
): Promise<PolicyHead | null> {
  const rows = await db
    .select()
    .from(policies)
    .where(and(eq(policies.companyId, companyId), eq(policies.policyNumber, policyNumber)))
    .limit(1);
  return rows[0] ?? null;
}

/** How minted policy numbers read: `POL-000001` (the value zero-padded to six digits, never cut). */
export const POLICY_NUMBER_FORMAT = { prefix: "POL-", width: 6 } as const;

export const formatPolicyNumber = (value: number) =>
  `${POLICY_NUMBER_FORMAT.prefix}${String(value).padStart(POLICY_NUMBER_FORMAT.width, "0")}`;

/** The policy-number sequence's value after the next mint, and whether a policy already holds its number. */
export interface PeekedPolicyNumber {
  value: number;
  held: boolean;
}

const PEEK_NEXT_NUMBER = `select "next", exists(select 1 from "policies" where "company_id" = ? and "policy_number" = ? || printf(?, "next")) as "held" from (select coalesce((select "value" from "sequences" where "company_id" = ? and "name" = ?), 0) + 1 as "next")`;

/**
 * What the next mint of a policy-number sequence would give, without taking it: a read, so it joins the
 * operation's first read batch (`first` is batched as is). Taken by `claimSequenceValueStatement` in the
 * policy's own write batch, a new policy's number costs no round trip of its own.
 */
export async function peekPolicyNumber(db: Database, companyId: string, sequence: string): Promise<PeekedPolicyNumber> {
  const { prefix, width } = POLICY_NUMBER_FORMAT;
  const row = await db.$client
    .prepare(PEEK_NEXT_NUMBER)
    .bind(companyId, prefix, `%0${width}d`, companyId, sequence)
    .first<{ next: number; held: number }>();
  if (!row) throw new Error("the policy-number peek answered no row");
  return { value: row.next, held: row.held === 1 };
}

// The value is NULL, which the column refuses (NOT NULL is checked before the upsert's conflict), unless the
// sequence still stands where the peek read it: a moved sequence fails the whole batch, never a duplicate.
const CLAIM_SEQUENCE_VALUE = `insert into "sequences" ("company_id", "name", "value") values (?, ?, (select ? where coalesce((select "value" from "sequences" where "company_id" = ? and "name" = ?), 0) = ?)) on conflict ("company_id", "name") do update set "value" = excluded."value"`;

/** Sets a sequence to `value` in a write batch, failing the batch unless it stands at `value - 1`. */
export function claimSequenceValueStatement(db: Database, companyId: string, sequence: string, value: number) {
  return new BoundWrite(
    db.$client.prepare(CLAIM_SEQUENCE_VALUE).bind(companyId, sequence, value, companyId, sequence, value - 1),
  );
}

/**
 * Takes the next value of the policy-number sequence and, in the same batch, whether a policy (a book brought
 * over) already holds the number it makes: one round trip instead of a mint and then a read. SQLite's
 * `printf('%06d')` pads as `formatPolicyNumber` does.
 */
export async function mintPolicyNumberCandidate(
  db: Database,
  companyId: string,
  sequence: string,
): Promise<{ value: number; held: boolean }> {
  const current = sql`(select ${sequences.value} from ${sequences} where ${sequences.companyId} = ${companyId} and ${sequences.name} = ${sequence})`;
  const number = sql`${POLICY_NUMBER_FORMAT.prefix} || printf(${`%0${POLICY_NUMBER_FORMAT.width}d`}, ${current})`;
  const [returned, holders] = await db.batch([
    nextSequenceStatement(db, companyId, sequence),
    db
      .select({ id: policies.id })
      .from(policies)
      .where(and(eq(policies.companyId, companyId), eq(policies.policyNumber, number)))
      .limit(1),
  ]);
  return { value: mintedValue(returned, sequence), held: holders.length > 0 };
}

/** One version by number; O(1) in history length (unique index on policy and version). */
export async function findVersion(
  db: Database,
  companyId: string,
  policyId: string,
  version: number,
): Promise<PolicyVersionRow | null> {
  const rows = await db
    .select()
    .from(policyVersions)
    .where(
      and(
        eq(policyVersions.policyId, policyId),
        eq(policyVersions.version, version),
        eq(policyVersions.companyId, companyId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The endorsements of a policy effective after `day`, without their coverage: what a backdated
 * endorsement replays over itself (the planner puts them in replay order). The (policy, action,
 * effective date) index reads only those rows, so an endorsement effective on or after every earlier
 * one reads none; no ORDER BY, so the planner is never tempted to walk the (policy, version) index.
 */
export function listEndorsementsAfter(db: Database, companyId: string, policyId: string, day: string) {
  return db
    .select({
      version: policyVersions.version,
      transactionTimestamp: policyVersions.transactionTimestamp,
      effectiveDate: policyVersions.effectiveDate,
      deltas: policyVersions.deltas,
    })
    .from(policyVersions)
    .where(
      and(
        eq(policyVersions.policyId, policyId),
        eq(policyVersions.action, "ENDORSE"),
        gt(policyVersions.effectiveDate, day),
        eq(policyVersions.companyId, companyId),
      ),
    );
}

/** When the policy was written: its version 1's `transactionTimestamp` (the earliest a later one may be). */
export async function findOriginTimestamp(db: Database, companyId: string, policyId: string): Promise<string | null> {
  const rows = await db
    .select({ at: policyVersions.transactionTimestamp })
    .from(policyVersions)
    .where(
      and(
        eq(policyVersions.policyId, policyId),
        eq(policyVersions.version, 1),
        eq(policyVersions.companyId, companyId),
      ),
    )
    .limit(1);
  return rows[0]?.at ?? null;
}

/**
 * A renewal of `policyId` still in force or to come: one whose current version covers at least one day
 * (a flat-cancelled renewal never took effect and does not count); `except` leaves one renewal out.
 */
export async function findLiveRenewal(db: Database, companyId: string, policyId: string, except?: string) {
  const rows = await db
    .select({ policyId: policies.id, policyNumber: policies.policyNumber })
    .from(policies)
    .innerJoin(
      policyVersions,
      and(eq(policyVersions.policyId, policies.id), eq(policyVersions.version, policies.currentVersion)),
    )
    .where(
      and(
        eq(policies.companyId, companyId),
        eq(policies.previousPolicyId, policyId),
        except === undefined ? undefined : ne(policies.id, except),
        sql`${policyVersions.endDate} > ${policyVersions.startDate}`,
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** The current coverage of each of `policyIds` in the company (one statement whatever their number). */
export async function currentCoveragesOf(db: Database, companyId: string, policyIds: readonly string[]) {
  if (!policyIds.length) return [];
  return db
    .select({ policyId: policies.id, coverage: policyVersions.coverage })
    .from(policies)
    .innerJoin(
      policyVersions,
      and(eq(policyVersions.policyId, policies.id), eq(policyVersions.version, policies.currentVersion)),
    )
    .where(and(eq(policies.companyId, companyId), inList(policies.id, policyIds)));
}

export function versionRecord(row: PolicyVersionRow): VersionRecord {
  return {
    policyId: row.policyId,
    version: row.version,
    action: row.action,
    transactionTimestamp: row.transactionTimestamp,
    displayAuthor: row.displayAuthor,
    effectiveDate: row.effectiveDate,
    coverage: row.coverage,
    createdAt: row.createdAt,
  };
}

export function insertPolicyStatement(db: Database, head: PolicyHead) {
  return db.insert(policies).values(head);
}

const versionInsert = new CompiledWrite<PolicyVersionRow>((db) =>
  db.insert(policyVersions).values(rowPlaceholders(policyVersions)),
);

/** A version row; the unique (policy, version) index refuses a second writer of the same version. */
export function insertVersionStatement(db: Database, row: PolicyVersionRow) {
  return versionInsert.bound(db, row);
}

/** `insertVersionStatement`, and the row as a read of it will give it back (for the company object to keep). */
export function insertVersionKeepingStored(db: Database, row: PolicyVersionRow) {
  return versionInsert.boundWithStored(db, row);
}

type HeadAdvance = Pick<PolicyHead, "id" | "currentVersion" | "status" | "termEnd" | "updatedAt"> & {
  readVersion: number;
};

const headAdvance = new CompiledWrite<HeadAdvance>((db) =>
  db
    .update(policies)
    .set({
      currentVersion: placeholderValue("currentVersion"),
      status: placeholderValue("status"),
      termEnd: placeholderValue("termEnd"),
      updatedAt: placeholderValue("updatedAt"),
    })
    .where(and(eq(policies.id, sql.placeholder("id")), eq(policies.currentVersion, sql.placeholder("readVersion")))),
);

/** Moves the head to its next version, only while it is still at the version the change was computed from. */
export function advanceHeadStatement(
  db: Database,
  head: Pick<PolicyHead, "id" | "currentVersion">,
  next: Pick<PolicyHead, "currentVersion" | "status" | "termEnd" | "updatedAt">,
) {
  const { currentVersion, status, termEnd, updatedAt } = next;
  return headAdvance.bound(db, {
    id: head.id,
    readVersion: head.currentVersion,
    currentVersion,
    status,
    termEnd,
    updatedAt,
  });
}

/** The renewal link from a renewal to the policy it renews. */
export function insertPreviousPolicyLinkStatement(
  db: Database,
  link: { id: string; companyId: string; fromId: string; toId: string; createdAt: string },
) {
  return db.insert(relationshipLinks).values({ ...link, relationshipKey: PREVIOUS_POLICY });
}
