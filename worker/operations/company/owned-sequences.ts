import type { BoundWrite } from "../../db/compiled-write";
import { runBatch, type Statement } from "../../db/queries/batch";
import { nextSequenceValue } from "../../db/queries/entities";
import { claimSequenceValueStatement } from "../../db/queries/policies";
import { logFailure } from "../../lib/log";
import type { CompanyMemo } from "../configuration/configuration-of";
import type { OperationContext } from "../context";

/**
 * The company counters only the company object's exclusive operations take (issue 16, lever 3): the policy
 * number and a policy's Sequence fields (new business, renewal, binds), a submission's number, and the Sequence
 * fields of quotes, submissions and events (only the object's serialized creates and binds make those records).
 * The Sequence fields of other records are not among them: their creates overlap one another in the object, so
 * a counter known to one could move under it. The object keeps where each stands after its own mints and
 * commits (`CompanyMemo.sequences`). An operation then takes the next value in its write batch with a guarded
 * claim: no round trip of its own, and a refused operation or a failed batch burns no value. Where the object
 * knows nothing (its first use, or in the worker), the value is minted in a statement of its own, as before,
 * and known from then on.
 */
export class SequenceClaims {
  private readonly claims: { name: string; value: number; statement: BoundWrite }[] = [];

  /** `claimable` is false when the operation runs again after a failed claim: every value is minted apart. */
  constructor(
    private readonly ctx: OperationContext,
    readonly claimable: boolean,
  ) {}

  /** Where `name` stands as this operation will leave it so far; undefined when the object does not know. */
  known(name: string): number | undefined {
    if (!this.claimable || !this.ctx.memo) return undefined;
    const claimed = this.claims.findLast((claim) => claim.name === name);
    return claimed ? claimed.value : this.ctx.memo.sequences?.get(name);
  }

  /** Takes `value` in the write batch, whose claim fails the batch unless the sequence then stands at `value - 1`. */
  claim(name: string, value: number): number {
    const statement = claimSequenceValueStatement(this.ctx.db, this.ctx.companyId, name, value);
    this.claims.push({ name, value, statement });
    return value;
  }

  /** The next value of `name`: claimed in the batch where the object knows it, else minted now (then known). */
  async next(name: string): Promise<number> {
    const known = this.known(name);
    if (known !== undefined) return this.claim(name, known + 1);
    const value = await nextSequenceValue(this.ctx.db, this.ctx.companyId, name);
    this.learned(name, value);
    return value;
  }

  /** A value the sequence stands at, committed (minted apart): the object knows it from now on. */
  learned(name: string, value: number) {
    if (!this.ctx.memo) return;
    this.ctx.memo.sequences ??= new Map();
    this.ctx.memo.sequences.set(name, value);
  }

  /** Makes the object forget `name` (a policy written with a number of its own may hold a number it would reach). */
  forget(name: string) {
    this.ctx.memo?.sequences?.delete(name);
  }

  /** The claims, for the start of the write batch. */
  statements(): BoundWrite[] {
    return this.claims.map((claim) => claim.statement);
  }

  /** The batch committed: each claimed sequence stands at its last claimed value. */
  committed() {
    for (const { name, value } of this.claims) this.learned(name, value);
  }
}

/** A write batch failed while it claimed sequence values: nothing of it committed. */
export class ClaimedSequenceBatchFailed extends Error {
  constructor(cause: unknown) {
    super("a write batch failed while it claimed sequence values", { cause });
  }
}

/** Runs an operation's write batch with its claims first; with a claim in it, a failure is `ClaimedSequenceBatchFailed`. */
export async function runClaimingBatch(
  ctx: Pick<OperationContext, "db">,
  claims: SequenceClaims,
  statements: readonly Statement[],
): Promise<void> {
  const claimStatements = claims.statements();
  try {
    await runBatch(ctx.db, [...claimStatements, ...statements]);
  } catch (error) {
    throw claimStatements.length ? new ClaimedSequenceBatchFailed(error) : error;
  }
  claims.committed();
}

/**
 * Runs an operation that may claim sequence values. The company object runs every take of these sequences, so
 * none can move between what it knows and the batch; should a claim still fail the batch (a write behind the
 * object's back), nothing of it committed: the object forgets every sequence it knew and the operation runs
 * once more from its reads with each value minted apart, exactly as before claims existed. Its outcome, success
 * or refusal, is the answer; any other error is the answer at once (the operation never runs twice for it).
 */
export async function withSequenceClaims<T>(
  ctx: OperationContext,
  run: (claims: SequenceClaims) => Promise<T>,
): Promise<T> {
  try {
    return await run(new SequenceClaims(ctx, true));
  } catch (error) {
    if (!(error instanceof ClaimedSequenceBatchFailed)) throw error;
    // Never expected (nothing else takes these sequences): logged so an operator can see it happen.
    logFailure("sequence-claim-failed", error.cause);
    forgetKnownSequences(ctx.memo);
    return run(new SequenceClaims(ctx, false));
  }
}

/** Forgets where every sequence stands (a reset, an import, a repair or a failed claim). */
export function forgetKnownSequences(memo: CompanyMemo | undefined) {
  if (memo) memo.sequences = undefined;
}
