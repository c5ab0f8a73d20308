/**
 * Reads an operation starts together reach D1 as one batch (issue 16: round trips on the critical path). An
 * invoice's six lookups, started side by side, were six D1 requests; now they are one. Reads (`all`, `first`,
 * `raw` of a SELECT) wait a few microtask hops for the others of their turn, then run together: one alone, two or
 * more as one D1 batch, which reads one snapshot. Everything else (writes, batches, `run`) runs at once, after
 * the reads waiting before it were sent, so no statement overtakes one started before it.
 *
 * A batch answers rows as objects. `raw` answers them as arrays, so only a `raw` read whose column names its
 * text gives, all distinct, waits (`resultColumns`); a join's repeated `company_id` runs at once, as before.
 * Should the batch fail, each read runs alone, so each gets its own result or its own error.
 */

const SELECT = /^\s*select\b/i;

type ReadMember = "all" | "first" | "raw";

interface WaitingRead {
  query: string;
  statement: D1PreparedStatement;
  member: ReadMember;
  args: unknown[];
  settle: (result: Promise<unknown>) => void;
}

/** The one part of D1Database a request or an operation uses: statements and batches. */
type D1Handle = Pick<D1Database, "prepare" | "batch">;

export function coalescingReads(d1: D1Handle): D1Database {
  let waiting: WaitingRead[] = [];
  const underlying = new WeakMap<object, D1PreparedStatement>();

  const sendWaiting = () => {
    const reads = waiting;
    waiting = [];
    if (reads.length === 1) return runAlone(reads[0] as WaitingRead);
    if (reads.length === 0) return;
    const results = d1.batch<Record<string, unknown>>(reads.map((read) => read.statement));
    results.then(
      (answers) => {
        reads.forEach((read, i) => {
          read.settle(fromBatch(read, answers[i] as D1Result));
        });
      },
      () => {
        for (const read of reads) runAlone(read);
      },
    );
  };

  const wait = (read: Omit<WaitingRead, "settle">) =>
    new Promise((resolve) => {
      waiting.push({ ...read, settle: resolve });
      if (waiting.length === 1) afterMicrotasks(TURN_HOPS, sendWaiting);
    });

  const wrap = (query: string, statement: D1PreparedStatement): D1PreparedStatement => {
    const read = SELECT.test(query);
    const wrapped = new Proxy(statement, {
      get(target, member) {
        if (member === "bind") return (...values: unknown[]) => wrap(query, target.bind(...values));
        if (member === "all" || member === "first" || member === "raw")
          return (...args: unknown[]) =>
            read && waitable(query, member, args)
              ? wait({ query, statement: target, member, args })
              : now(target, member, args);
        if (member === "run") return (...args: unknown[]) => now(target, member, args);
        const value = Reflect.get(target, member, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    underlying.set(wrapped, statement);
    return wrapped;
  };

  /** A statement that runs now, once the reads waiting before it have been sent. */
  const now = (statement: D1PreparedStatement, member: ReadMember | "run", args: unknown[]) => {
    sendWaiting();
    return (statement[member] as (...args: unknown[]) => Promise<unknown>)(...args);
  };

  return {
    prepare: (query: string) => wrap(query, d1.prepare(query)),
    batch: <T>(statements: D1PreparedStatement[]) => {
      sendWaiting();
      return d1.batch<T>(statements.map((statement) => underlying.get(statement) ?? statement));
    },
  } as D1Database;
}

/**
 * How many microtask hops reads wait for the others of their turn: lookups started side by side reach their
 * statements a few hops apart (through `await`s of kept values and drizzle's builders). A timer would wait for
 * the event loop's next turn instead, which cost every lone read about a millisecond.
 */
const TURN_HOPS = 8;

function afterMicrotasks(hops: number, then: () => void) {
  if (hops === 0) then();
  else queueMicrotask(() => afterMicrotasks(hops - 1, then));
}

/**
 * Whether a read may wait for a batch. A batch answers rows as objects, so `raw` (rows as arrays) may wait only
 * when its columns' names are known from its text and distinct: a join's two `company_id`s would collapse into
 * one key. `raw({ columnNames: true })` needs the names of an empty result, which a batch does not give.
 */
function waitable(query: string, member: ReadMember, args: unknown[]) {
  if (member !== "raw") return true;
  const options = args[0] as { columnNames?: boolean } | undefined;
  return !options?.columnNames && resultColumns(query) !== null;
}

function runAlone(read: WaitingRead) {
  const execute = read.statement[read.member] as (...args: unknown[]) => Promise<unknown>;
  read.settle(execute.apply(read.statement, read.args));
}

/** What the read's own call would have answered, from its result in the batch (or its run alone). */
function fromBatch(read: WaitingRead, result: D1Result): Promise<unknown> {
  const rows = (result.results ?? []) as Record<string, unknown>[];
  if (read.member === "all") return Promise.resolve(result);
  if (read.member === "first") {
    const row = rows[0] ?? null;
    const column = read.args[0] as string | undefined;
    if (column === undefined || row === null) return Promise.resolve(row);
    // D1 refuses a column the row lacks: run alone for its own error.
    return Object.hasOwn(row, column) ? Promise.resolve(row[column]) : alone(read);
  }
  const first = rows[0];
  if (!first) return Promise.resolve([]);
  // A last check that the keys are the columns the text names, in order: else the values could be misplaced.
  const keys = Object.keys(first);
  const columns = resultColumns(read.query) ?? [];
  if (keys.length !== columns.length || keys.some((key, i) => key !== columns[i])) return alone(read);
  return Promise.resolve(rows.map((row) => Object.values(row)));
}

function alone(read: WaitingRead): Promise<unknown> {
  return new Promise((resolve) => runAlone({ ...read, settle: resolve }));
}

/** Known column lists by query text (a service runs a bounded set of queries; cleared if it ever grows past). */
const columnsByQuery = new Map<string, string[] | null>();
const COLUMNS_KEPT = 2_000;

/**
 * The names of a SELECT's result columns, in order, when its text says them: each column a quoted name
 * (`"t"."c"` or `"c"`) or aliased (`... as "n"`), all distinct and none integer-like (object keys like "0"
 * come first whatever the column order). Null otherwise (`count(*)` unaliased, `*`, a join's repeated names).
 */
export function resultColumns(query: string): string[] | null {
  const known = columnsByQuery.get(query);
  if (known !== undefined) return known;
  const names = selectList(query).map(columnName);
  const distinct =
    names.every((name) => name !== null && !/^(0|[1-9]\d*)$/.test(name)) && new Set(names).size === names.length;
  const columns = distinct ? (names as string[]) : null;
  if (columnsByQuery.size >= COLUMNS_KEPT) columnsByQuery.clear();
  columnsByQuery.set(query, columns);
  return columns;
}

function columnName(item: string): string | null {
  const named = /^(?:"[^"]*"\.)?"([^"]*)"$/.exec(item) ?? /\sas\s+"([^"]*)"$/i.exec(item);
  return named ? (named[1] as string) : null;
}

/**
 * A SELECT's top-level result expressions, up to its top-level FROM (commas inside parentheses, quotes and
 * brackets do not split).
 */
export function selectList(query: string): string[] {
  const text = query.replace(SELECT, "");
  const items: string[] = [];
  let start = 0;
  let depth = 0;
  let quote: string | null = null;
  let end = text.length;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'" || char === "`") quote = char;
    else if (char === "[") quote = "]";
    else if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (depth === 0 && char === ",") {
      items.push(text.slice(start, i).trim());
      start = i + 1;
    } else if (depth === 0 && /\s/.test(char) && /^from\b/i.test(text.slice(i + 1))) {
      end = i;
      break;
    }
  }
  items.push(text.slice(start, end).trim());
  return items;
}
