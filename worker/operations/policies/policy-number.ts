import {
  formatPolicyNumber,
  mintPolicyNumberCandidate,
  type PeekedPolicyNumber,
  peekPolicyNumber,
} from "../../db/queries/policies";
import { isRecord } from "../../lib/json";
import { started } from "../../lib/started";
import type { SequenceClaims } from "../company/owned-sequences";
import type { OperationContext } from "../context";

const POLICY_NUMBER_SEQUENCE = "policy.policyNumber";

/** The next policy number, read beside an operation's first reads (see `peekNextPolicyNumber`). */
export type NumberPeek = () => Promise<PeekedPolicyNumber>;

/**
 * Starts reading the next policy number beside the operation's other first reads (one round trip for all), or
 * null when no read is needed: the data sent names its own number, the company object knows where the sequence
 * stands, or the operation runs again minting apart.
 */
export function peekNextPolicyNumber(ctx: OperationContext, data: unknown, claims: SequenceClaims): NumberPeek | null {
  if (!claims.claimable || (isRecord(data) && typeof data.policyNumber === "string")) return null;
  if (claims.known(POLICY_NUMBER_SEQUENCE) !== undefined) return null;
  return started(peekPolicyNumber(ctx.db, ctx.companyId, POLICY_NUMBER_SEQUENCE));
}

/**
 * A new policy's number: the one sent, kept (and the object forgets the sequence, which may reach it); else the
 * next one where the object knows the sequence, claimed in the batch; else the peeked number, claimed unless a
 * policy already holds it (a book brought over); else, as without a peek, minted apart past every held number.
 * A number the object knows is not checked against held ones: it forgets the sequence whenever a policy takes a
 * number of its own, and the policies' unique number index fails the batch otherwise.
 */
export async function mintedPolicyNumber(
  ctx: OperationContext,
  sent: unknown,
  peek: NumberPeek | null,
  claims: SequenceClaims,
): Promise<string> {
  if (typeof sent === "string") {
    claims.forget(POLICY_NUMBER_SEQUENCE);
    return sent;
  }
  if (claims.known(POLICY_NUMBER_SEQUENCE) !== undefined) {
    return formatPolicyNumber(await claims.next(POLICY_NUMBER_SEQUENCE));
  }
  const peeked = peek ? await peek() : null;
  if (peeked && !peeked.held) return formatPolicyNumber(claims.claim(POLICY_NUMBER_SEQUENCE, peeked.value));
  for (;;) {
    const { value, held } = await mintPolicyNumberCandidate(ctx.db, ctx.companyId, POLICY_NUMBER_SEQUENCE);
    claims.learned(POLICY_NUMBER_SEQUENCE, value);
    if (!held) return formatPolicyNumber(value);
  }
}
