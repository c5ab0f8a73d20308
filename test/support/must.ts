/**
 * The value, or a thrown error saying what was missing: the test-side replacement for `value!`, which
 * checks nothing at run time (Biome forbids it). Use it where a test reads into something it expects to exist.
 */
export function must<T>(value: T | null | undefined, what = "a value"): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what}, got ${value}`);
  return value;
}
