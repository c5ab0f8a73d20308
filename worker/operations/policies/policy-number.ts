import type { BoundWrite } from "../../db/compiled-write";
import { runBatch, type Statement } from "../../db/queries/batch";
import {
  claimSequenceValueStatement,
  formatPolicyNumber,
  mintPolicyNumberCandidate,
  type PeekedPolicyNumber,
  peekPolicyNumber,
} from "../../db/queries/policies";
import { isRecord } from "../../lib/json";
import { logFailure } from "../../lib/log";
import { started } from "../../lib/started";
import type { OperationContext } from "../context";

const POLICY_NUMBER_SEQUENCE = "policy.policyNumber";

/** The next policy number, read beside an operation's first reads (see `peekNextPolicyNumber`). */
export type NumberPeek = () => Promise<PeekedPolicyNumber>;

/**
 * Starts reading the next policy number beside the operation's other first reads (one round trip for all),
 * or null when the data sent names its own number or the operation runs again with its number minted apart.
 */
export function peekNextPolicyNumber(ctx: OperationContext, data: unknown, peek: boolean): NumberPeek | null {
  if (!peek || (isRecord(data) && typeof data.policyNumber === "string")) return null;
  return started(peekPolicyNumber(ctx.db, ctx.companyId, POLICY_NUMBER_SEQUENCE));
}

/**
 * A new policy's minted number, and the statement its write batch takes it with (null when it was minted in a
 * batch of its own). The peeked number is taken unless a policy already holds it (a book brought over); then,
 * as without a peek, a mint of its own skips every held number.
 */
export async function mintedPolicyNumber(
  ctx: OperationContext,
  peek: NumberPeek | null,
): Promise<{ policyNumber: string; claim: BoundWrite | null }> {
  const peeked = peek ? await peek() : null;
  if (peeked && !peeked.held) {
    const claim = claimSequenceValueStatement(ctx.db, ctx.companyId, POLICY_NUMBER_SEQUENCE, peeked.value);
    return { policyNumber: formatPolicyNumber(peeked.value), claim };
  }
  return { policyNumber: await mintPolicyNumberApart(ctx), claim: null };
}

/** The next free `POL-000001`-style number, minted in a batch of its own (with its is-it-free check). */
async function mintPolicyNumberApart(ctx: OperationContext): Promise<string> {
  for (;;) {
    const { value, held } = await mintPolicyNumberCandidate(ctx.db, ctx.companyId, POLICY_NUMBER_SEQUENCE);
    if (!held) return formatPolicyNumber(value);
  }
}

/** A new policy's write batch failed while it claimed a peeked number: nothing of it committed. */
export class ClaimedNumberBatchFailed extends Error {
  constructor(cause: unknown) {
    super("a new policy's batch failed while it claimed a peeked policy number", { cause });
  }
}

/** Runs a new policy's write batch; with a peeked number claimed in it, a failure is `ClaimedNumberBatchFailed`. */
export async function runNewPolicyBatch(
  ctx: OperationContext,
  claim: BoundWrite | null,
  statements: readonly Statement[],
): Promise<void> {
  try {
    await runBatch(ctx.db, statements);
  } catch (error) {
    throw claim ? new ClaimedNumberBatchFailed(error) : error;
  }
}

/**
 * Runs an operation that starts a policy with its number peeked (`peek: true`). The company object runs every
 * mint of that sequence, so the sequence cannot move between the peek and the batch; should the batch still
 * fail, nothing of it committed, and the operation runs once more from its reads with its number minted apart
 * (`peek: false`), exactly as before the peek existed: its outcome, success or refusal, is the answer.
 */
export async function withPeekedPolicyNumber<T>(run: (peek: boolean) => Promise<T>): Promise<T> {
  try {
    return await run(true);
  } catch (error) {
    if (!(error instanceof ClaimedNumberBatchFailed)) throw error;
    // Never expected (nothing else mints the sequence): logged so an operator can see it happen.
    logFailure("policy-number-claim-failed", error.cause);
    return run(false);
  }
}
