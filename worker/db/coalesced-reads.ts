/**
 * Reads an operation starts together reach D1 as one batch (issue 16: round trips on the critical path). An
 * invoice's six lookups, started side by side, were six D1 requests; now they are one. Reads (`all`, `first`,
 * `raw` of a SELECT) wait a few microtask hops for the others of their turn, then run together: one alone, two
 * or more as one D1 batch, which reads one snapshot. Everything else (writes, batches, `run`) runs at once,
 * after the reads waiting before it were sent, so no statement overtakes one started before it.
 *
 * A batch answers rows as objects keyed by column name, where `raw` answers arrays: a join's two `company_id`s
 * would collapse into one key. So a `raw` read joins the batch with its columns renamed `c0`, `c1`, ... in
 * order (`numberedColumns`; the same statement and values otherwise) and its rows are read back by those names.
 * A read whose columns cannot be renamed (`*`) runs at once, as before. Should the batch fail, each read runs
 * alone, so each gets its own result or its own error.
 */

import { forwarded } from "./forwarded";
import { isSelect, SELECT } from "./statement-kinds";

type ReadMember = "all" | "first" | "raw";

interface WaitingRead {
  statement: D1PreparedStatement;
  /** What the batch runs: the statement itself, or for `raw` the same with numbered columns. */
  batched: D1PreparedStatement;
  /** For `raw`: how many columns the batched statement numbers. */
  columns: number;
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
    // Every waiting read is settled whatever happens: a throw (the batch call's own, or reading one answer) becomes
    // a rejection, never a read left waiting for good.
    attempt(() => d1.batch<Record<string, unknown>>(reads.map((read) => read.batched))).then(
      (answers) => {
        reads.forEach((read, i) => {
          read.settle(attempt(() => fromBatch(read, answers[i] as D1Result)));
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

  /** A read's place in a batch, or null when it must run at once. */
  const batchedOf = (query: string, statement: D1PreparedStatement, values: unknown[], member: ReadMember) => {
    if (member !== "raw") return { batched: statement, columns: 0 };
    const numbered = numberedColumns(query);
    return numbered ? { batched: d1.prepare(numbered.query).bind(...values), columns: numbered.columns } : null;
  };

  /** `read`: whether the statement is a SELECT, decided once when it is prepared. */
  const wrap = (
    query: string,
    read: boolean,
    statement: D1PreparedStatement,
    values: unknown[],
  ): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, member, receiver) {
        if (member === "bind") return (...bound: unknown[]) => wrap(query, read, target.bind(...bound), bound);
        if (member === "all" || member === "first" || member === "raw")
          return (...args: unknown[]) => {
            const waits = read && !unwaited.has(receiver) && waitable(member, args);
            const place = waits ? batchedOf(query, target, values, member) : null;
            return place ? wait({ statement: target, ...place, member, args }) : now(target, member, args);
          };
        if (member === "run") return (...args: unknown[]) => now(target, member, args);
        return forwarded(target, member);
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
    prepare: (query: string) => wrap(query, isSelect(query), d1.prepare(query), []),
    batch: <T>(statements: D1PreparedStatement[]) => {
      sendWaiting();
      return d1.batch<T>(statements.map((statement) => underlying.get(statement) ?? statement));
    },
  } as D1Database;
}

/** Statements whose reads run at once (`withoutWaiting`). */
const unwaited = new WeakSet<object>();

/**
 * A statement whose read runs at once instead of waiting hops for others to join it: for a read its caller
 * knows is alone in its turn (a request's only read), which would otherwise pay the wait for nothing. Reads
 * waiting before it are sent first, as for a write.
 */
export function withoutWaiting(statement: D1PreparedStatement): D1PreparedStatement {
  unwaited.add(statement);
  return statement;
}

/**
 * How many microtask hops reads wait for the others of their turn: lookups started side by side reach their
 * statements a few hops apart (through `await`s of kept values and drizzle's builders). A timer would wait for
 * the event loop's next turn instead, which cost every lone read about a millisecond. Each hop costs too: with
 * 8 hops, the hops took 4% of a read by id's CPU in the profile, 1% with 1. Over the quotes, financials, event
 * and sequence tests (about 6,300 reads), 3, 4 and 8 hops gave the same batches (1.65-1.70 reads per D1
 * request), 2 hops fewer; 4 keeps a margin.
 */
const TURN_HOPS = 4;

function afterMicrotasks(hops: number, then: () => void) {
  if (hops === 0) then();
  else queueMicrotask(() => afterMicrotasks(hops - 1, then));
}

/** `raw({ columnNames: true })` needs the names of an empty result, which a batch does not give. */
function waitable(member: ReadMember, args: unknown[]) {
  if (member !== "raw") return true;
  const options = args[0] as { columnNames?: boolean } | undefined;
  return !options?.columnNames;
}

function runAlone(read: WaitingRead) {
  const execute = read.statement[read.member] as (...args: unknown[]) => Promise<unknown>;
  read.settle(attempt(() => execute.apply(read.statement, read.args)));
}

/** `run`'s answer as a promise, its synchronous throw as a rejection. */
function attempt<T>(run: () => Promise<T>): Promise<T> {
  try {
    return run();
  } catch (error) {
    return Promise.reject(error);
  }
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
  const names = Array.from({ length: read.columns }, (_, i) => `c${i}`);
  // A last check that the row holds exactly the numbered columns: else the values could be misplaced.
  const first = rows[0];
  if (first && (Object.keys(first).length !== names.length || !names.every((name) => Object.hasOwn(first, name))))
    return alone(read);
  return Promise.resolve(rows.map((row) => names.map((name) => row[name])));
}

function alone(read: WaitingRead): Promise<unknown> {
  return new Promise((resolve) => runAlone({ ...read, settle: resolve }));
}

/** Numbered forms by query text (a service runs a bounded set of queries; cleared should it ever grow past). */
const numberedByQuery = new Map<string, { query: string; columns: number } | null>();
const NUMBERED_KEPT = 2_000;

/**
 * A SELECT with its result columns renamed `c0`, `c1`, ... in order (an alias a column had is replaced), so a
 * batch's row objects keep every value whatever the names: `select "a"."id", "b"."id" from ...` becomes
 * `select "a"."id" as "c0", "b"."id" as "c1" from ...`. Null when a column is `*` or `t.*`, which cannot be
 * renamed.
 */
export function numberedColumns(query: string): { query: string; columns: number } | null {
  const known = numberedByQuery.get(query);
  if (known !== undefined) return known;
  const { head, items, tail } = splitSelect(query);
  const numbered = items.some((item) => item === "*" || item.endsWith(".*"))
    ? null
    : {
        query: `${head}${items.map((item, i) => `${item.replace(ALIAS, "")} as "c${i}"`).join(", ")}${tail}`,
        columns: items.length,
      };
  if (numberedByQuery.size >= NUMBERED_KEPT) numberedByQuery.clear();
  numberedByQuery.set(query, numbered);
  return numbered;
}

/** A column's own alias, at its end (`... as "name"` or `... as name`). */
const ALIAS = /\s+as\s+(?:"[^"]*"|\w+)$/i;

/**
 * A SELECT's leading keyword, its top-level result expressions, and the rest from its top-level FROM (commas
 * inside parentheses, quotes and brackets do not split).
 */
export function splitSelect(query: string): { head: string; items: string[]; tail: string } {
  const head = SELECT.exec(query)?.[0] ?? "";
  const items: string[] = [];
  let start = head.length;
  let depth = 0;
  let quote: string | null = null;
  let end = query.length;
  for (let i = start; i < query.length; i++) {
    const char = query[i] as string;
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'" || char === "`") quote = char;
    else if (char === "[") quote = "]";
    else if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (depth === 0 && char === ",") {
      items.push(query.slice(start, i).trim());
      start = i + 1;
    } else if (depth === 0 && /\s/.test(char) && /^from\b/i.test(query.slice(i + 1))) {
      end = i;
      break;
    }
  }
  items.push(query.slice(start, end).trim());
  return { head: `${head} `, items, tail: query.slice(end) };
}
