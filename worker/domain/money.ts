/**
 * Money is signed integer cents. Amounts arrive as plain USD numbers; this is the one place they
 * become cents: round half to even, read from the number's decimal text so 2.675 is 268, not 267.
 */
export function centsOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const negative = value < 0;
  const magnitude = Math.abs(value);
  let text = String(magnitude);
  if (/e/i.test(text)) text = magnitude < 1 ? magnitude.toFixed(20) : BigInt(Math.round(magnitude)).toString();
  const [whole = "0", fraction = ""] = text.split(".");
  const kept = `${fraction}00`.slice(0, 2);
  const rest = fraction.slice(2);
  let cents = BigInt(whole) * 100n + BigInt(kept);
  const firstDropped = rest[0] ?? "0";
  const beyondHalf = /[1-9]/.test(rest.slice(1));
  if (firstDropped > "5" || (firstDropped === "5" && (beyondHalf || cents % 2n === 1n))) cents += 1n;
  const result = Number(cents);
  return negative ? -result : result;
}
