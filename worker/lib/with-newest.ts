/**
 * A copy of `map` with `key` set to `value` as its newest entry (a map iterates in insertion order), its oldest
 * entries dropped past `limit`: a bounded memory of the most recently written things.
 */
export function withNewest<V>(
  map: ReadonlyMap<string, V> | undefined,
  key: string,
  value: V,
  limit: number,
): Map<string, V> {
  const next = new Map(map);
  next.delete(key);
  next.set(key, value);
  for (const oldest of next.keys()) {
    if (next.size <= limit) break;
    next.delete(oldest);
  }
  return next;
}
