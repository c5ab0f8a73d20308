/**
 * Allocation (CONTRACT section 7.3): an invoice's paid amount P spread over its lines a1..an (total T,
 * prefix sums C0 = 0, Ci) as share_i = floor(P*Ci/T) - floor(P*C(i-1)/T). Exact in integers (products of
 * two amounts within 10^13 exceed 2^53, so the arithmetic is in BigInt), rounding toward minus infinity. The
 * shares always add up to P, and a full payment (P = T) gives each line exactly its amount.
 */
export function allocate(paidCents: number, amounts: readonly number[]): number[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  if (total === 0) return amounts.map(() => 0);
  const paid = BigInt(paidCents);
  const divisor = BigInt(total);
  let prefix = 0n;
  let before = 0n;
  return amounts.map((amount) => {
    prefix += BigInt(amount);
    const upTo = floorDiv(paid * prefix, divisor);
    const share = upTo - before;
    before = upTo;
    return Number(share);
  });
}

/** Division rounding toward minus infinity (BigInt division truncates toward zero). */
export function floorDiv(numerator: bigint, divisor: bigint): bigint {
  const quotient = numerator / divisor;
  const exact = quotient * divisor === numerator;
  return !exact && numerator < 0n !== divisor < 0n ? quotient - 1n : quotient;
}
