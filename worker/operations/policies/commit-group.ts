import type { Statement } from "../../db/queries/batch";
import type { PolicyVersionRow } from "../../db/queries/policies";
import type { StoredEndorsement } from "../../domain/policies/transaction-log";

/**
 * The statements of several policy transactions the company object planned one after another, committed
 * together in one D1 batch (issue 16, group commit). Each transaction plans against the ones before it in
 * the group: the object's kept policies carry their heads and versions, and `endorsementsAfter` adds the
 * endorsements the group holds to those D1 returns. A refused transaction adds nothing.
 */
export class CommitGroup {
  readonly statements: Statement[] = [];
  private readonly versions = new Map<string, PolicyVersionRow[]>();
  private readonly reads = new Map<string, Promise<unknown>>();

  /**
   * A read the group's members share, made once per group: what no member writes (the company's row, a
   * policy's invoices: members carry no invoice plan) is the same for all of them in the object's turn.
   */
  shared<T>(key: string, read: () => Promise<T>): Promise<T> {
    const known = this.reads.get(key) as Promise<T> | undefined;
    if (known) return known;
    const started = read();
    this.reads.set(key, started);
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
