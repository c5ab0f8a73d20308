import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ExpressionEvaluationError, evaluateExpression } from "../../../worker/domain/expressions/evaluate";

/** Each function CONTRACT section 5.4 lists, called through the language as configurations call it. */

const NOW = new Date("2025-07-01T02:00:00Z"); // 22:00 on 30 June in New York (EDT), 11:00 on 1 July in Tokyo
const run = (source: string, scope: Record<string, unknown> = {}, now = NOW, timezone = "America/New_York") =>
  evaluateExpression(source, { scope, now, timezone });

const number = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
);
const value = fc.oneof(number, fc.string({ maxLength: 4 }), fc.boolean(), fc.constant(null));
/** Calls `name(v0, v1, ...)` with each argument passed through the scope. */
const callWith = (name: string, args: unknown[]) =>
  run(`${name}(${args.map((_, i) => `v${i}`).join(", ")})`, Object.fromEntries(args.map((v, i) => [`v${i}`, v])));
const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

describe("concat and join", () => {
  it("concat joins the text of every argument, null as empty", () => {
    expect(run("concat('Policy ', number, '-', missing, true)", { number: 7 })).toBe("Policy 7-true");
    expect(run("concat()")).toBe("");
  });

  it("join puts the separator between the parts that are not empty", () => {
    expect(run("join(', ', 'a', null, '', missing, 'b', 0)")).toBe("a, b, 0");
    expect(run("join(null, 'a', 'b')")).toBe("ab");
  });

  // Reference model: String() of each argument, null as "", joined.
  it("concat agrees with the reference for any scalars", () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 5 }), (args) => {
        expect(callWith("concat", args)).toBe(args.map((a) => (a === null ? "" : String(a))).join(""));
      }),
    );
  });
});

describe("coalesce", () => {
  it("gives the first argument that is neither null, missing nor empty text", () => {
    expect(run("coalesce(null, missing, '', 0, 5)")).toBe(0);
    expect(run("coalesce(nickname, name)", { name: "Ada" })).toBe("Ada");
    expect(run("coalesce(null, '')")).toBeNull();
  });
});

describe("upper, lower and len", () => {
  it("change the case of text and keep null", () => {
    expect(run("upper('abc')")).toBe("ABC");
    expect(run("lower('ÀBC')")).toBe("àbc");
    expect(run("upper(missing)")).toBeNull();
    expect(run("lower(null)")).toBeNull();
    expect(run("upper(12)")).toBe("12");
  });

  it("len counts a list's items or the characters of text; null has length 0", () => {
    expect(run("len(exposures)", { exposures: [{}, {}, {}] })).toBe(3);
    expect(run("len('abcd')")).toBe(4);
    expect(run("len(missing)")).toBe(0);
    expect(run("len(12345)")).toBe(5);
  });
});

describe("round(x, places)", () => {
  it("rounds to whole numbers by default and to the given decimal places", () => {
    expect(run("round(2.4)")).toBe(2);
    expect(run("round(2.6)")).toBe(3);
    expect(run("round(1234.5678, 2)")).toBe(1234.57);
    expect(run("round(1.25, 1)")).toBe(1.3); // 12.5 is exact in binary: a true half
    expect(run("round(1250, -2)")).toBe(1300);
    expect(run("round(a / 3, 2)", { a: 100 })).toBe(33.33);
  });

  // The mode CONTRACT 5.4 leaves open: half away from zero on the decimal value, as spreadsheets round.
  it("rounds halves away from zero: 2.5 to 3 and -2.5 to -3", () => {
    expect(run("round(2.5)")).toBe(3);
    expect(run("round(0 - 2.5)")).toBe(-3);
    expect(run("round(0 - 1.25, 1)")).toBe(-1.3);
    expect(run("round(0.5)")).toBe(1);
    expect(run("round(0 - 0.4)")).toBe(0);
  });

  it("rounds the decimal spelling, not its binary neighbour: round(1.005, 2) is 1.01", () => {
    // 1.005 is 1.00499999999999989... in binary; 1.005 * 100 is 100.49999999999999 there.
    expect(run("round(1.005, 2)")).toBe(1.01);
    expect(run("round(2.675, 2)")).toBe(2.68);
    expect(run("round(1.0049, 2)")).toBe(1);
    expect(run("round(0 - 1.005, 2)")).toBe(-1.01);
    expect(run("round(x, 2)", { x: 1e-7 })).toBe(0);
    expect(run("round(x, 2)", { x: 1.5e21 })).toBe(1.5e21);
    expect(run("round(123456.785, 2)")).toBe(123456.79);
  });

  it("is symmetric: round(-x) is -round(x)", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 4 }), (x, places) => {
        const up = run("round(x, p)", { x, p: places }) as number;
        const down = run("round(0 - x, p)", { x, p: places }) as number;
        expect(down === 0 ? 0 : down).toBe(up === 0 ? 0 : -up);
      }),
    );
  });

  it("is null for a value that is not a number", () => {
    expect(run("round(missing, 2)")).toBeNull();
    expect(run("round('1.5')")).toBeNull();
  });

  // Invariant: a value already at the precision is unchanged (k / 10^p for any whole k).
  it("leaves a value that has the given number of places unchanged", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 4 }), (k, places) => {
        const x = k / 10 ** places;
        expect(run("round(x, p)", { x, p: places })).toBe(x);
      }),
    );
  });

  // Invariants: the result is at most half a unit of the last place away from x, has that many places,
  // and rounding keeps order (x <= y gives round(x) <= round(y)).
  it("moves any value by at most half a unit of the last place, and keeps order", () => {
    const x = fc.double({ min: -1e6, max: 1e6, noNaN: true });
    fc.assert(
      fc.property(x, x, fc.integer({ min: 0, max: 4 }), (a, b, places) => {
        const unit = 10 ** -places;
        const ra = run("round(x, p)", { x: a, p: places }) as number;
        const rb = run("round(x, p)", { x: b, p: places }) as number;
        expect(Math.abs(ra - a)).toBeLessThanOrEqual(unit / 2 + 1e-9);
        expect(Math.abs(ra * 10 ** places - Math.round(ra * 10 ** places))).toBeLessThan(1e-3);
        if (a <= b) expect(ra).toBeLessThanOrEqual(rb);
      }),
    );
  });
});

describe("abs, min and max", () => {
  it("abs gives the magnitude of a number, null otherwise", () => {
    expect(run("abs(0 - 3.5)")).toBe(3.5);
    expect(run("abs('x')")).toBeNull();
  });

  it("min and max ignore arguments that are not numbers, and are null when none is", () => {
    expect(run("min(3, null, 'x', 1, missing)")).toBe(1);
    expect(run("max(3, null, '10', 1)")).toBe(3);
    expect(run("min()")).toBeNull();
    expect(run("max('a', null)")).toBeNull();
  });

  // Reference model: Math.min / Math.max over the arguments that are finite numbers; null when there are none.
  it("agree with the reference for any arguments", () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 6 }), (args) => {
        const numbers = args.filter(isNumber);
        expect(callWith("min", args)).toEqual(numbers.length ? Math.min(...numbers) : null);
        expect(callWith("max", args)).toEqual(numbers.length ? Math.max(...numbers) : null);
      }),
    );
  });
});

describe("sum(list[, member])", () => {
  const exposures = [{ value: 1.5 }, { value: null }, {}, { value: "2" }, { value: 3 }, null];

  it("adds a member of each item, skipping items where it is not a number", () => {
    expect(run("sum(exposures, 'value')", { exposures })).toBe(4.5);
    expect(run("sum(exposures, 'missing')", { exposures })).toBe(0);
  });

  it("adds nothing for an item that is not an object when a member is named", () => {
    expect(run("sum(list, 'value')", { list: [{ value: 1 }, 5, "7", null] })).toBe(1);
  });

  it("adds the items themselves without a member", () => {
    expect(run("sum(values)", { values: [1, 2, "x", null, 4.25] })).toBe(7.25);
    expect(run("sum(values)", { values: [] })).toBe(0);
  });

  it("is null when the first argument is not a list", () => {
    expect(run("sum(missing, 'value')")).toBeNull();
    expect(run("sum('123')")).toBeNull();
  });

  // Reference model: a loop from 0 over the list in order, adding the item's member when the item is an
  // object and the member a finite number.
  it("agrees with the reference for any list of items", () => {
    const item = fc.oneof(fc.record({ value, other: value }, { requiredKeys: [] }), value);
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), (list) => {
        let expected = 0;
        for (const entry of list) {
          const member = entry && typeof entry === "object" ? (entry as { value?: unknown }).value : undefined;
          if (isNumber(member)) expected += member;
        }
        expect(run("sum(list, 'value')", { list })).toBe(expected);
      }),
    );
  });
});

describe("if and dateOf", () => {
  it("if gives the second argument when the first is true, else the third (null when absent)", () => {
    expect(run("if(limit > 10, 'big', 'small')", { limit: 11 })).toBe("big");
    expect(run("if(0, 'big', 'small')")).toBe("small");
    expect(run("if(false, 'big')")).toBeNull();
  });

  it("if evaluates all its arguments (c ? a : b is the form that guards)", () => {
    expect(() => run("if(true, 1, 'a' - 1)")).toThrow(ExpressionEvaluationError);
    expect(run("true ? 1 : 'a' - 1")).toBe(1);
  });

  it("dateOf gives the civil day of a Date value, null for anything else", () => {
    const effective = { date: "2025-03-01", timezone: "America/Chicago" };
    expect(run("dateOf(effective)", { effective })).toBe("2025-03-01");
    expect(run("dateOf(a) < dateOf(b)", { a: effective, b: { date: "2025-10-01", timezone: "UTC" } })).toBe(true);
    expect(run("dateOf('2025-03-01')")).toBeNull();
    expect(run("dateOf(missing)")).toBeNull();
  });
});

describe("today() and now(): the only functions that read the clock", () => {
  it("today() is the civil day in the context's zone, as a Date value", () => {
    expect(run("today()")).toEqual({ date: "2025-06-30", timezone: "America/New_York" });
    expect(run("today()", {}, NOW, "Asia/Tokyo")).toEqual({ date: "2025-07-01", timezone: "Asia/Tokyo" });
    expect(run("dateOf(today())")).toBe("2025-06-30");
  });

  it("now() is the context's instant in ISO 8601", () => {
    expect(run("now()")).toBe("2025-07-01T02:00:00.000Z");
  });

  // Reference model: in a fixed-offset zone (Etc/GMT-n is UTC+n), the civil day is the UTC day of the instant
  // moved by the offset. Repeatable for one instant; the answer moves only with the clock.
  it("give the same answer for the same instant, and today() follows the zone's calendar", () => {
    const instant = fc.date({
      min: new Date("1990-01-01T00:00:00Z"),
      max: new Date("2090-01-01T00:00:00Z"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instant, fc.integer({ min: -12, max: 14 }), (now, hours) => {
        const zone = hours === 0 ? "UTC" : `Etc/GMT${hours > 0 ? "-" : "+"}${Math.abs(hours)}`;
        const expected = new Date(now.getTime() + hours * 3_600_000).toISOString().slice(0, 10);
        expect(run("today()", {}, now, zone)).toEqual({ date: expected, timezone: zone });
        expect(run("today()", {}, new Date(now.getTime()), zone)).toEqual(run("today()", {}, now, zone));
        expect(run("now()", {}, now, zone)).toBe(now.toISOString());
      }),
    );
  });
});
