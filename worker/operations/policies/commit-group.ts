import type { Statement } from "../../db/queries/batch";
import type { PolicyVersionRow } from "../../db/queries/policies";
import type { StoredEndorsement } from "../../domain/policies/transaction-log";
import type { CompanyMemo } from "../configuration/configuration-of";

/** Reads commit groups share, by key (`CommitGroup.shared`): pending or settled. */
export type GroupReads = Map<string, Promise<unknown>>;

/** How many shared reads the object keeps at most (one per policy endorsed, and the company's row). */
const GROUP_READS_LIMIT = 1_000;

/**
 * The shared reads the company object keeps from one commit group to the next. Only commit groups and
 * record creates run between two exclusive operations, and neither changes the company's row or any invoice,
 * so the reads stay true until the object forgets them at the start of every other exclusive operation
 * (`forgetGroupReads`) and when a group's batch fails.
 */
export function keptGroupReads(memo: CompanyMemo): GroupReads {
  memo.groupReads ??= new Map();
  return memo.groupReads;
}

export function forgetGroupReads(memo: CompanyMemo) {
  memo.groupReads = undefined;
}

/**
 * The statements of several policy transactions the company object planned one after another, committed
 * together in one D1 batch (issue 16, group commit). Each transaction plans against the ones before it in
 * the group: the object's kept policies carry their heads and versions, and `endorsementsAfter` adds the
 * endorsements the group holds to those D1 returns. A refused transaction adds nothing.
 */
export class CommitGroup {
  readonly statements: Statement[] = [];
  private readonly versions = new Map<string, PolicyVersionRow[]>();

  /** `reads`: what the object keeps of the reads groups share (`keptGroupReads`); a new map for a lone group. */
  constructor(private readonly reads: GroupReads = new Map()) {}

  /**
   * A read the group's members share: what no member writes (the company's row, a policy's invoices: members
   * carry no invoice plan) is the same for all of them, and for the groups after them until the object runs
   * any other exclusive operation. A failed read is dropped, so the next group reads again.
   */
  shared<T>(key: string, read: () => Promise<T>): Promise<T> {
    const known = this.reads.get(key) as Promise<T> | undefined;
    if (known) return known;
    if (this.reads.size >= GROUP_READS_LIMIT) this.reads.clear();
    const started = read();
    this.reads.set(key, started);
    started.catch(() => this.reads.delete(key));
    return started;
  }

  /** A planned transaction's statements and the version row it writes. */
  add(row: PolicyVersionRow, statements: readonly Statement[]) {
    this.statements.push(...statements);
    const rows = this.versions.get(row.policyId) ?? [];
    rows.push(row);
    this.versions.set(row.policyId, rows);
  }

  /** Endorsements of the policy in this group effective after `day`, as `listEndorsementsAfter` gives them. */
  endorsementsAfter(policyId: string, day: string): StoredEndorsement[] {
    return (this.versions.get(policyId) ?? [])
      .filter((row) => row.action === "ENDORSE" && row.effectiveDate > day)
      .map((row) => ({
        version: row.version,
        transactionTimestamp: row.transactionTimestamp,
        effectiveDate: row.effectiveDate,
        deltas: structuredClone(row.deltas),
      }));
  }
}
