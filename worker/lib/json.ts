/** Plain JSON values: the one home of the helpers every layer needs for them. */

export type JsonObject = Record<string, unknown>;

/** A plain object (not null, not an array). */
export function isRecord(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * JSON with object keys sorted at every depth and `undefined` members dropped: equal data always gives
 * equal text (content hashes, value comparisons). `undefined` itself, and inside arrays, reads as `null`.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isRecord(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Two values hold the same JSON (key order ignored; `undefined` and `null` alike): exactly
 * `canonicalJson(a) === canonicalJson(b)`, compared member by member so it stops at the first difference and
 * builds no text (segment merging compares whole segments on every transaction).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return sameArrays(a, b);
  if (isRecord(a) && isRecord(b)) {
    const members = definedMembers(a);
    return (
      members.length === definedMembers(b).length &&
      members.every(([key, value]) => b[key] !== undefined && Object.hasOwn(b, key) && sameJson(value, b[key]))
    );
  }
  // Different kinds, or primitives JSON spells alike (null and undefined, NaN and null): as canonicalJson says.
  return canonicalJson(a) === canonicalJson(b);
}

/** Arrays element by element; one with holes (never JSON data) is compared as canonicalJson writes it. */
function sameArrays(a: unknown[], b: unknown[]): boolean {
  if (a.length !== b.length || !isDense(a) || !isDense(b)) return canonicalJson(a) === canonicalJson(b);
  for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
  return true;
}

function isDense(values: unknown[]): boolean {
  for (let i = 0; i < values.length; i++) if (!(i in values)) return false;
  return true;
}

const definedMembers = (value: JsonObject) => Object.entries(value).filter(([, v]) => v !== undefined);

const isIndex = (member: string) => /^\d+$/.test(member);

/** The value at `members` (object keys, or array indexes written as digits); `undefined` when absent. */
export function getAt(data: unknown, members: readonly string[]): unknown {
  let at: unknown = data;
  for (const member of members) {
    if (Array.isArray(at) && isIndex(member)) at = at[Number(member)];
    else if (isRecord(at)) at = at[member];
    else return undefined;
  }
  return at;
}

/**
 * A copy of `data` with `value` at `members`; the input is never changed. Arrays stay arrays when the
 * member is an index; anything else on the way (absent, null, a scalar) is replaced by a new object.
 */
export function setAt(data: unknown, members: readonly string[], value: unknown): unknown {
  const [head, ...rest] = members;
  if (head === undefined) return value;
  if (Array.isArray(data) && isIndex(head)) {
    const copy = [...data];
    copy[Number(head)] = setAt(copy[Number(head)], rest, value);
    return copy;
  }
  const base = isRecord(data) ? data : {};
  return { ...base, [head]: setAt(base[head], rest, value) };
}

/**
 * True when JSON text nests arrays and objects deeper than `maxDepth` (`{}` is depth 1). One linear pass
 * over the text, strings skipped, run before parsing so no reader ever recurses that deep (CONTRACT 8.3).
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > maxDepth) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}

/**
 * The value an object holds itself under `key`; `undefined` when absent. Field names come from
 * configurations and bodies, and a field named `constructor` or `toString` must not read Object's.
 */
/**
 * A lookup table's own entry: a key from a request or a configuration (a custom object keyed `constructor`)
 * never reaches Object.prototype's members.
 */
export const ownEntry = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

export const ownValue = (values: unknown, key: string): unknown =>
  isRecord(values) && Object.hasOwn(values, key) ? values[key] : undefined;
