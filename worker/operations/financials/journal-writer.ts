import type { Statement } from "../../db/queries/batch";
import {
  type AccountRow,
  addToBalancesStatements,
  type BalanceDelta,
  insertAccountStatement,
  insertJournalEntryStatement,
  insertJournalScopesStatements,
  type JournalEntryRow,
  lastJournalSequence,
  loadAccounts,
} from "../../db/queries/ledger";
import type { JournalScope } from "../../db/schema";
import type { AccountBalance } from "../../domain/financials/balances";
import type { FinancialCatalog } from "../../domain/financials/catalog";
import { type AccountSpec, imbalanceOf, linesOf, type Movement, netDebitOf } from "../../domain/financials/ledger";
import { withNewest } from "../../lib/with-newest";
import type { OperationContext } from "../context";
import {
  KEPT_EVENT_BALANCES,
  KEPT_INVOICES,
  KEPT_PAYMENTS_PER_INVOICE,
  type KeptInvoice,
  type KeptLedger,
  keepLedger,
  takeKeptLedger,
} from "./kept-ledger";

/** What a committed create or payment wrote that the object keeps besides the ledger (`KeptLedger`). */
export interface WrittenInvoice {
  /** The invoice as the batch left it, with its live payments. */
  invoice: KeptInvoice;
  /** Its event's balances as read before the batch (this writer's postings are added to them). */
  eventBalances?: { eventId: string; balances: readonly AccountBalance[] } | undefined;
}

export const JOURNAL_KINDS = [
  "reserves_set",
  "reserves_eroded",
  "invoice_created",
  "invoice_updated",
  "invoice_voided",
  "invoice_deleted",
  "payment_recorded",
  "payment_deleted",
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

export interface EntryDraft {
  kind: JournalKind;
  scopes: JournalScope[];
  movements: Movement[];
  invoiceId?: string | null;
  paymentId?: string | null;
  /** The category of a reserves entry. */
  categoryId?: string | null;
  reverses?: string | null;
  /** An invoice's entry posts even when no amount moves (a memo), so its head always moves. */
  memo?: boolean;
}

/**
 * Collects a write's journal entries and everything they change, as statements for the write's one D1
 * batch: accounts created on their first posting, the immutable entries with their scopes, and the
 * running balances of every scope and of the company. Entries take consecutive sequence numbers after
 * the last one read; the unique index on them fails the batch if another write came between.
 */
export class JournalWriter {
  private readonly statements: Statement[] = [];
  private readonly balances = new Map<string, BalanceDelta>();
  private readonly accounts: Map<string, AccountRow>;
  private sequence: number;

  private constructor(
    private readonly ctx: OperationContext,
    private readonly catalog: FinancialCatalog,
    accounts: readonly AccountRow[],
    lastSequence: number,
    /** The kept ledger it posts after, if any: the sequences a commit does not move carry over from it. */
    private readonly opened?: KeptLedger,
  ) {
    this.accounts = new Map(accounts.map((a) => [a.key, a]));
    this.sequence = lastSequence;
  }

  /**
   * Reads the accounts and the last sequence, unless the object kept them (taken: see `KeptLedger`); the
   * catalog may still be on its way (read beside them).
   */
  static open(ctx: OperationContext, catalog: FinancialCatalog | Promise<FinancialCatalog>): Promise<JournalWriter> {
    return JournalWriter.openOn(ctx, catalog, takeKeptLedger(ctx));
  }

  /** `open` on a kept ledger its caller already took (or none: then it reads). */
  static async openOn(
    ctx: OperationContext,
    catalog: FinancialCatalog | Promise<FinancialCatalog>,
    kept: KeptLedger | undefined,
  ): Promise<JournalWriter> {
    if (kept) return JournalWriter.fromKept(ctx, await catalog, kept);
    const [accounts, last, read] = await Promise.all([
      loadAccounts(ctx.db, ctx.companyId),
      lastJournalSequence(ctx.db, ctx.companyId),
      catalog,
    ]);
    return new JournalWriter(ctx, read, accounts, last);
  }

  /** A writer posting after what the object kept: no read. */
  static fromKept(ctx: OperationContext, catalog: FinancialCatalog, kept: KeptLedger): JournalWriter {
    return new JournalWriter(ctx, catalog, kept.accounts, kept.journalSequence, kept);
  }

  /**
   * Once its batch committed: the object keeps the ledger as this writer left it, with the last invoice's or
   * payment's sequence the write took (`moved`); the other carries over from the kept ledger it opened on.
   */
  keepCommitted(moved: { invoiceSequence: number } | { paymentSequence: number }, written: WrittenInvoice): void {
    const { invoice, eventBalances } = written;
    const kept = this.opened?.invoices;
    const { id } = invoice.row;
    // An invoice with many payments is read with them instead (and never left kept as it was before).
    const invoices =
      invoice.payments.length > KEPT_PAYMENTS_PER_INVOICE
        ? new Map([...(kept ?? [])].filter(([key]) => key !== id))
        : withNewest(kept, id, invoice, KEPT_INVOICES);
    const balances = eventBalances
      ? withNewest(this.opened?.eventBalances, eventBalances.eventId, eventBalances.balances, KEPT_EVENT_BALANCES)
      : new Map(this.opened?.eventBalances);
    for (const [eventId, before] of balances) balances.set(eventId, this.balancesAfter("event", eventId, before));
    keepLedger(this.ctx, {
      accounts: [...this.accounts.values()],
      journalSequence: this.sequence,
      invoiceSequence: this.opened?.invoiceSequence,
      paymentSequence: this.opened?.paymentSequence,
      ...moved,
      invoices,
      eventBalances: balances,
    });
  }

  /** A scope's balances with this writer's postings added (an account's first posting adds its row). */
  private balancesAfter(
    scopeType: BalanceDelta["scopeType"],
    scopeId: string,
    before: readonly AccountBalance[],
  ): readonly AccountBalance[] {
    let after: AccountBalance[] | undefined;
    for (const delta of this.balances.values()) {
      if (delta.scopeType !== scopeType || delta.scopeId !== scopeId) continue;
      after ??= before.map((balance) => ({ ...balance }));
      const found = after.find((balance) => balance.accountId === delta.accountId);
      if (found) found.netDebitCents += delta.netDebitCents ?? 0;
      else after.push({ ...balanceOf(this.accountById(delta.accountId)), netDebitCents: delta.netDebitCents ?? 0 });
    }
    return after ?? before;
  }

  private accountById(id: string): AccountRow {
    for (const account of this.accounts.values()) if (account.id === id) return account;
    throw new Error(`account ${id} has no row`);
  }

  /** The sequence the next entry will take. */
  get nextSequence(): number {
    return this.sequence + 1;
  }

  /** Posts an entry: null when it moves nothing and is not an invoice memo. */
  post(draft: EntryDraft): JournalEntryRow | null {
    const lines = linesOf(draft.movements);
    if (!lines.length && !draft.memo) return null;
    const imbalance = imbalanceOf(lines);
    if (imbalance !== 0) throw new Error(`unbalanced ${draft.kind} entry: debits - credits = ${imbalance}`);
    this.sequence += 1;
    const scopes = uniqueScopes(draft.scopes);
    const entry: JournalEntryRow = {
      id: crypto.randomUUID(),
      companyId: this.ctx.companyId,
      sequence: this.sequence,
      kind: draft.kind,
      createdAt: this.ctx.now.toISOString(),
      reverses: draft.reverses ?? null,
      invoiceId: draft.invoiceId ?? null,
      paymentId: draft.paymentId ?? null,
      categoryId: draft.categoryId ?? null,
      scopes,
      lines: lines.map((line) => {
        const account = this.accountFor(line.account);
        return {
          accountId: account.id,
          role: account.role,
          direction: account.direction,
          lineItemTypeId: account.lineItemTypeId,
          categoryId: account.categoryId,
          side: line.side,
          amountCents: line.amountCents,
        };
      }),
    };
    this.statements.push(insertJournalEntryStatement(this.ctx.db, entry));
    const { companyId } = this.ctx;
    const scopeRows = scopes.map((s) => ({ ...s, companyId, journalId: entry.id, sequence: entry.sequence }));
    this.statements.push(...insertJournalScopesStatements(this.ctx.db, scopeRows));
    // Every line belongs to every scope of its entry, and to the company.
    const balanceScopes = [{ entityType: "company" as const, entityId: "" }, ...scopes];
    for (const line of entry.lines) {
      for (const scope of balanceScopes)
        this.addBalance(scope.entityType, scope.entityId, line.accountId, netDebitOf(line));
    }
    return entry;
  }

  /** Every statement of the entries posted so far, balances last. */
  batch(): Statement[] {
    return [...this.statements, ...addToBalancesStatements(this.ctx.db, [...this.balances.values()])];
  }

  private addBalance(scopeType: BalanceDelta["scopeType"], scopeId: string, accountId: string, cents: number) {
    const key = `${scopeType}|${scopeId}|${accountId}`;
    const found = this.balances.get(key);
    if (found) found.netDebitCents += cents;
    else this.balances.set(key, { companyId: this.ctx.companyId, scopeType, scopeId, accountId, netDebitCents: cents });
  }

  /** The account of a spec; created (in this batch) on its first posting. */
  private accountFor(spec: AccountSpec): AccountRow {
    const found = this.accounts.get(spec.key);
    if (found) return found;
    const account: AccountRow = {
      id: crypto.randomUUID(),
      companyId: this.ctx.companyId,
      ...spec,
      displayName: displayNameOf(spec, this.catalog),
      createdAt: this.ctx.now.toISOString(),
    };
    this.accounts.set(spec.key, account);
    this.statements.push(insertAccountStatement(this.ctx.db, account));
    return account;
  }
}

/** An account's balance row, as a read of a scope's balances gives it, at zero. */
const balanceOf = (account: AccountRow): AccountBalance => ({
  accountId: account.id,
  key: account.key,
  displayName: account.displayName,
  role: account.role,
  direction: account.direction,
  categoryId: account.categoryId,
  lineItemTypeId: account.lineItemTypeId,
  netDebitCents: 0,
});

/** A scope named twice counts once. */
function uniqueScopes(scopes: readonly JournalScope[]): JournalScope[] {
  return [...new Map(scopes.map((s) => [`${s.entityType}|${s.entityId}`, s])).values()];
}

const ROLE_NAMES: Record<string, string> = {
  reserves: "reserves",
  unpaid: "unpaid",
  additional: "additional payments",
  payable: "payable",
  receivable: "receivable",
};

/** A label: "Cash", "<category> reserves", "<type>", "<type> payable". */
function displayNameOf(spec: AccountSpec, catalog: FinancialCatalog): string {
  if (spec.role === "cash") return "Cash";
  if (spec.lineItemTypeId) {
    const type = catalog.lineItemTypes.find((t) => t.id === spec.lineItemTypeId)?.name ?? "Line item";
    return spec.role === "line_item" ? type : `${type} ${ROLE_NAMES[spec.role] ?? spec.role}`;
  }
  const category = catalog.categories.find((c) => c.id === spec.categoryId)?.name ?? "Category";
  return `${category} ${ROLE_NAMES[spec.role] ?? spec.role}`;
}
