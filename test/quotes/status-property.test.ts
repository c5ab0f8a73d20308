import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { QUOTE_VALUES, setUpQuotes } from "./helpers";

/**
 * Random sequences of quote and submission operations against a model of CONTRACT 5.3: each answer is the
 * one the model predicts (allowed or refused), and after every step each submission's status is R (bound
 * when a quote is bound, else quoted while one is inProgress or complete, else the last intake status) or
 * `closed`.
 */

const INTAKE = ["draft", "submitted", "under_review", "declined"] as const;
type Op =
  | { kind: "quote"; submission: number }
  | { kind: "close"; submission: number }
  | { kind: "reopen"; submission: number }
  | { kind: "intake"; submission: number; status: (typeof INTAKE)[number] }
  | { kind: "cancel"; quote: number }
  | { kind: "complete"; quote: number }
  | { kind: "bind"; quote: number };

const onSubmission = <K extends "quote" | "close" | "reopen">(kind: K) =>
  fc.record({ kind: fc.constant(kind), submission: fc.nat(1) });
const onQuote = <K extends "cancel" | "complete" | "bind">(kind: K) =>
  fc.record({ kind: fc.constant(kind), quote: fc.nat(5) });

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: onSubmission("quote") },
  { weight: 1, arbitrary: onSubmission("close") },
  { weight: 1, arbitrary: onSubmission("reopen") },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("intake" as const),
      submission: fc.nat(1),
      status: fc.constantFrom(...INTAKE),
    }),
  },
  { weight: 1, arbitrary: onQuote("cancel") },
  { weight: 1, arbitrary: onQuote("complete") },
  { weight: 1, arbitrary: onQuote("bind") },
);

interface ModelSubmission {
  id: string;
  intake: string;
  closed: boolean;
  quotes: Array<{ id: string; status: string }>;
}

const ACTIVE = new Set(["inProgress", "complete"]);
const recomputed = (s: ModelSubmission) =>
  s.closed
    ? "closed"
    : s.quotes.some((q) => q.status === "bound")
      ? "bound"
      : s.quotes.some((q) => ACTIVE.has(q.status))
        ? "quoted"
        : s.intake;

const PRICED = {
  ...QUOTE_VALUES,
  fullTermPricingInfo: { pricingComponents: [{ label: "Base", group: "p", kind: "Premium", value: 100 }] },
};

describe("submission status (CONTRACT 5.3, R)", () => {
  it("always equals the recomputation rule over random operation sequences", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 10 }), async (ops) => {
        const q = await setUpQuotes();
        const model: ModelSubmission[] = [];
        for (let i = 0; i < 2; i++)
          model.push({ id: await q.createSubmission(), intake: "draft", closed: false, quotes: [] });
        const quotes = () => model.flatMap((s) => s.quotes.map((quote) => ({ quote, submission: s })));
        const post = (path: string, body?: object) => q.company.call("POST", path, q.admin, body ? { body } : {});

        for (const step of ops) {
          if ("submission" in step) {
            const s = model[step.submission];
            if (!s) continue;
            const status = recomputed(s);
            if (step.kind === "quote") {
              const allowed = !["closed", "declined", "bound"].includes(status);
              const res = await q.company.call("POST", "/entities/quote", q.admin, {
                body: { ...PRICED, submissionId: s.id },
              });
              expect(res.status).toBe(allowed ? 201 : 409);
              if (allowed) s.quotes.push({ id: res.json.id, status: "inProgress" });
            } else if (step.kind === "close") {
              expect((await post(`/submissions/${s.id}/close`)).status).toBe(s.closed ? 409 : 200);
              if (!s.closed) for (const quote of s.quotes) if (ACTIVE.has(quote.status)) quote.status = "cancelled";
              s.closed = true;
            } else if (step.kind === "reopen") {
              expect((await post(`/submissions/${s.id}/reopen`)).status).toBe(s.closed ? 200 : 409);
              s.closed = false;
            } else {
              const allowed = step.status === status || (INTAKE as readonly string[]).includes(status);
              const res = await q.company.call("PATCH", `/entities/submission/${s.id}`, q.admin, {
                body: { submissionStatus: step.status },
              });
              expect(res.status).toBe(allowed ? 200 : 409);
              if (allowed && step.status !== status) s.intake = step.status;
            }
          } else {
            const target = quotes()[step.quote];
            if (!target) continue;
            const { quote, submission } = target;
            const active = ACTIVE.has(quote.status);
            const blocked = ["closed", "declined", "bound"].includes(recomputed(submission));
            if (step.kind === "cancel") {
              expect((await post(`/quotes/${quote.id}/cancel`)).status).toBe(active ? 200 : 409);
              if (active) quote.status = "cancelled";
            } else if (step.kind === "complete") {
              const allowed = quote.status === "inProgress" && !blocked;
              expect((await post(`/quotes/${quote.id}/complete`)).status).toBe(allowed ? 200 : 409);
              if (allowed) quote.status = "complete";
            } else {
              const allowed = active && !blocked;
              expect((await post("/quotes/bind", { quoteId: quote.id })).status).toBe(allowed ? 200 : 409);
              if (allowed) quote.status = "bound";
            }
          }
          for (const s of model) {
            expect((await q.readSubmission(s.id)).data.submissionStatus).toBe(recomputed(s));
            for (const quote of s.quotes) expect((await q.readQuote(quote.id)).data.quoteStatus).toBe(quote.status);
          }
        }
      }),
      { numRuns: 12 },
    );
  }, 180_000);
});
