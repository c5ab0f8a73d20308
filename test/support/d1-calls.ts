import { env } from "cloudflare:workers";

/** One call that reached D1 from this isolate: a batch of statements, or a statement run on its own. */
export interface D1Call {
  kind: "batch" | "alone";
  statements: string[];
  /**
   * Rows each statement changed, once its call has answered: D1's `meta.changes`, else the rows a write gave
   * back through RETURNING (`raw`, `first`); null when not known (before the answer, a failed call, or a
   * statement without RETURNING run by `raw` or `first`).
   */
  changed: (number | null)[];
}

type Prototype = Record<string, (...args: unknown[]) => unknown>;

/**
 * Records every D1 call made while `run` runs, by the worker and the company object alike (the tests, the
 * worker and its objects share one isolate, and every session and statement of theirs shares these
 * prototypes). For claims about round trips: what an operation reads before its write batch.
 */
export async function recordD1Calls<T>(run: () => Promise<T>): Promise<{ result: T; calls: D1Call[] }> {
  const session = Object.getPrototypeOf(env.DB.withSession("first-primary")) as Prototype;
  const statement = Object.getPrototypeOf(env.DB.prepare("select 1")) as Prototype;
  const calls: D1Call[] = [];
  const textOf = (prepared: unknown) => String((prepared as { statement?: unknown }).statement ?? "");
  const originals: [Prototype, string, (...args: unknown[]) => unknown][] = [];
  const wrap = (target: Prototype, member: string, record: (self: unknown, args: unknown[]) => D1Call) => {
    const original = target[member] as (...args: unknown[]) => unknown;
    originals.push([target, member, original]);
    target[member] = function (this: unknown, ...args: unknown[]) {
      const call = record(this, args);
      calls.push(call);
      const answer = original.apply(this, args);
      // Noted beside the answer, which the caller still receives unchanged.
      if (answer instanceof Promise)
        answer.then(
          (result) => {
            const rowsOnly = member === "raw" || member === "first";
            call.changed =
              call.kind === "batch"
                ? (result as unknown[]).map(changedBy)
                : // Rows given back tell what a write changed only through its RETURNING clause.
                  [rowsOnly && !/\breturning\b/i.test(call.statements[0] ?? "") ? null : changedBy(result)];
          },
          () => undefined,
        );
      return answer;
    };
  };
  wrap(session, "batch", (_, [statements]) => {
    const texts = (statements as unknown[]).map(textOf);
    return { kind: "batch", statements: texts, changed: texts.map(() => null) };
  });
  for (const member of ["all", "first", "raw", "run"])
    wrap(statement, member, (self) => ({ kind: "alone", statements: [textOf(self)], changed: [null] }));
  try {
    return { result: await run(), calls };
  } finally {
    for (const [target, member, original] of originals) target[member] = original;
  }
}

/** The calls an operation made, without the audit log's and the key cache's (they run after or beside it). */
export const operationCalls = (calls: readonly D1Call[]) =>
  calls.filter((call) => !call.statements.every((text) => /[\s"](audit_log|api_keys)[\s"]/.test(text)));

/** Rows a statement's answer says it changed (see `D1Call.changed`). */
function changedBy(result: unknown): number | null {
  if (result === null || result === undefined) return 0;
  if (Array.isArray(result)) return result.length;
  const meta = (result as { meta?: { changes?: number } }).meta;
  if (typeof meta?.changes === "number") return meta.changes;
  return 1; // a row given back by `first`
}
