/**
 * Money is signed integer cents. Amounts arrive as plain USD numbers; this is the one place they
 * become cents: round half to even, read from the number's decimal text so 2.675 is 268, not 267.
 */
export function centsOf(value: number): number {
  // Most amounts are spelled with at most two decimals: their cents are `value × 100` rounded, which the check
  // proves (a value whose shortest spelling has more decimals is not a whole number of cents over 100). Below
  // 2^43 two spellings a cent apart are always distinct numbers, so the check cannot confuse them.
  const scaled = Math.round(value * 100);
  if (Math.abs(value) < FAST_BELOW && scaled / 100 === value) return scaled === 0 ? 0 : scaled;
  return centsOfSpelling(value);
}

/** Below this magnitude (2^43 dollars) numbers a cent apart differ by more than twice their precision. */
const FAST_BELOW = 2 ** 43;

/** The cents of `value` read from its decimal spelling, exactly: the reference `centsOf` agrees with. */
export function centsOfSpelling(value: number): number {
  return centsOfAmount(exactAmountOf(value));
}

/** An amount read exactly from a number's decimal spelling: `units ÷ 10^scale` dollars. */
export interface ExactAmount {
  units: bigint;
  scale: number;
}

const ZERO_AMOUNT: ExactAmount = { units: 0n, scale: 0 };

/** The exact amount a number spells (10.005 is 10005 ÷ 10^3, not the binary fraction nearest it). */
export function exactAmountOf(value: number): ExactAmount {
  if (!Number.isFinite(value) || value === 0) return ZERO_AMOUNT;
  const magnitude = Math.abs(value);
  let text = String(magnitude);
  if (/e/i.test(text)) text = magnitude < 1 ? magnitude.toFixed(20) : BigInt(Math.round(magnitude)).toString();
  const [whole = "0", rawFraction = ""] = text.split(".");
  const fraction = rawFraction.replace(/0+$/, "");
  const units = BigInt(`${whole}${fraction}`);
  return { units: value < 0 ? -units : units, scale: fraction.length };
}

/** `amount`'s units at a finer `scale` (≥ its own). */
export const unitsAt = (amount: ExactAmount, scale: number): bigint =>
  amount.units * 10n ** BigInt(scale - amount.scale);

export function addAmounts(a: ExactAmount, b: ExactAmount): ExactAmount {
  const scale = Math.max(a.scale, b.scale);
  return { units: unitsAt(a, scale) + unitsAt(b, scale), scale };
}

/** An exact amount in cents, rounded once, half to even. */
export const centsOfAmount = (amount: ExactAmount): number =>
  divideHalfEven(amount.units * 100n, 10n ** BigInt(amount.scale));

/** `numerator ÷ denominator` rounded to the nearest integer, half to even (denominator > 0). */
export function divideHalfEven(numerator: bigint, denominator: bigint): number {
  let quotient = numerator / denominator;
  const remainder = numerator - quotient * denominator;
  const twice = 2n * (remainder < 0n ? -remainder : remainder);
  if (twice > denominator || (twice === denominator && quotient % 2n !== 0n)) quotient += numerator < 0n ? -1n : 1n;
  return Number(quotient);
}
