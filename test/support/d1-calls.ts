import { env } from "cloudflare:workers";

/** One call that reached D1 from this isolate: a batch of statements, or a statement run on its own. */
export interface D1Call {
  kind: "batch" | "alone";
  statements: string[];
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
  const wrap = (target: Prototype, member: string, record: (self: unknown, args: unknown[]) => void) => {
    const original = target[member] as (...args: unknown[]) => unknown;
    originals.push([target, member, original]);
    target[member] = function (this: unknown, ...args: unknown[]) {
      record(this, args);
      return original.apply(this, args);
    };
  };
  wrap(session, "batch", (_, [statements]) =>
    calls.push({ kind: "batch", statements: (statements as unknown[]).map(textOf) }),
  );
  for (const member of ["all", "first", "raw", "run"])
    wrap(statement, member, (self) => calls.push({ kind: "alone", statements: [textOf(self)] }));
  try {
    return { result: await run(), calls };
  } finally {
    for (const [target, member, original] of originals) target[member] = original;
  }
}

/** The calls an operation made, without the audit log's and the key cache's (they run after or beside it). */
export const operationCalls = (calls: readonly D1Call[]) =>
  calls.filter((call) => !call.statements.every((text) => /[\s"](audit_log|api_keys)[\s"]/.test(text)));
