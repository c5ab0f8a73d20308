import { formatPolicyNumber, mintPolicyNumberCandidate, peekPolicyNumber } from "../../db/queries/policies";
import { isRecord } from "../../lib/json";
import { started } from "../../lib/started";
import type { SequenceClaims } from "../company/owned-sequences";
import type { OperationContext } from "../context";

export const POLICY_NUMBER_SEQUENCE = "policy.policyNumber";

/** The next policy number's value and whether a policy already holds its number (`peekNextPolicyNumber`). */
export type NumberPeek = () => Promise<{ value: number; held: boolean }>;

/**
 * Where the next policy number comes from, started beside the operation's other first reads: the value the
 * company object knows the sequence stands at (no read), else a read of it (one round trip for all the first
 * reads); null when the data sent names its own number or the operation runs again minting apart. A number the
 * object knows is not checked against held ones: it forgets the sequence whenever a policy is written with a
 * number of its own (`mintedPolicyNumber`), and the policies' unique number index fails the batch otherwise.
 */
export function peekNextPolicyNumber(ctx: OperationContext, data: unknown, claims: SequenceClaims): NumberPeek | null {
  if (!claims.claimable || (isRecord(data) && typeof data.policyNumber === "string")) return null;
  const known = claims.known(POLICY_NUMBER_SEQUENCE);
  if (known !== undefined) return async () => ({ value: known + 1, held: false });
  return started(peekPolicyNumber(ctx.db, ctx.companyId, POLICY_NUMBER_SEQUENCE));
}

/**
 * A new policy's number: the one sent, kept (and the object forgets the sequence, which may reach it); else the
 * peeked number, claimed in the policy's write batch unless a policy already holds it (a book brought over);
 * else, as without a peek, minted apart past every held number.
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
  const peeked = peek ? await peek() : null;
  if (peeked && !peeked.held) return formatPolicyNumber(claims.claim(POLICY_NUMBER_SEQUENCE, peeked.value));
  for (;;) {
    const { value, held } = await mintPolicyNumberCandidate(ctx.db, ctx.companyId, POLICY_NUMBER_SEQUENCE);
    claims.learned(POLICY_NUMBER_SEQUENCE, value);
    if (!held) return formatPolicyNumber(value);
  }
}
