import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ExpressionEvaluationError,
  evaluateExpression,
  referencedNames,
} from "../../../worker/domain/expressions/evaluate";

/** Evaluation rules of the expression language (CONTRACT section 5.4). */

const NOW = new Date("2025-06-30T12:00:00Z");
const run = (source: string, scope: Record<string, unknown> = {}) =>
  evaluateExpression(source, { scope, now: NOW, timezone: "America/New_York" });

const truthy = (value: unknown) => !!value;
const number = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const scalar = fc.oneof(number, fc.string({ maxLength: 5 }), fc.boolean(), fc.constant(null));

describe("literals", () => {
  it("evaluate to themselves", () => {
    expect(run("12.5")).toBe(12.5);
    expect(run("'text'")).toBe("text");
    expect(run("true")).toBe(true);
    expect(run("false")).toBe(false);
    expect(run("null")).toBeNull();
  });
});

describe("references: a missing member is null", () => {
  const scope = {
    limit: 1_000_000,
    insured: { name: "Ada", address: { zipCode: "02110" }, nickname: null },
    exposures: [{ value: 1 }, { value: 2 }],
    label: "text",
  };

  it("read the record's values, walking into objects", () => {
    expect(run("limit", scope)).toBe(1_000_000);
    expect(run("insured.address.zipCode", scope)).toBe("02110");
    expect(run("insured.address", scope)).toEqual({ zipCode: "02110" });
    expect(run("exposures", scope)).toEqual(scope.exposures);
  });

  it("are null when a member is missing or null, or the path goes through a non-object", () => {
    expect(run("missing", scope)).toBeNull();
    expect(run("insured.phone", scope)).toBeNull();
    expect(run("insured.nickname", scope)).toBeNull();
    expect(run("insured.nickname.first", scope)).toBeNull();
    expect(run("limit.amount", scope)).toBeNull();
    expect(run("label.length", scope)).toBeNull();
  });

  it("are null for members every JS object inherits (constructor, toString, __proto__)", () => {
    expect(run("constructor", scope)).toBeNull();
    expect(run("toString", scope)).toBeNull();
    expect(run("__proto__", scope)).toBeNull();
    expect(run("insured.constructor.name", scope)).toBeNull();
    expect(run("insured.hasOwnProperty", scope)).toBeNull();
  });

  // Reference model: walk the path through own members of objects; anything else, or the end of
  // the path on nothing, is null. Paths mix members that exist with names every object inherits.
  it("agree with an own-member walk for any record and path", () => {
    const key = fc.constantFrom("a", "b", "c", "constructor", "toString", "valueOf", "__proto__");
    const record = fc.dictionary(
      fc.constantFrom("a", "b", "c"),
      fc.oneof(scalar, fc.dictionary(fc.constantFrom("a", "b", "c"), scalar)),
    );
    const walk = (scope: unknown, path: string[]) => {
      let at: unknown = scope;
      for (const member of path) {
        at =
          at && typeof at === "object" && Object.hasOwn(at, member)
            ? (at as Record<string, unknown>)[member]
            : undefined;
      }
      return at ?? null;
    };
    fc.assert(
      fc.property(record, fc.array(key, { minLength: 1, maxLength: 3 }), (scope, path) => {
        expect(run(path.join("."), scope)).toEqual(walk(scope, path));
      }),
    );
  });
});

describe("arithmetic: a null operand gives null, division by zero gives null, + with text concatenates", () => {
  it("computes with numbers", () => {
    expect(run("7 + 5")).toBe(12);
    expect(run("7 - 5")).toBe(2);
    expect(run("7 * 5")).toBe(35);
    expect(run("7 / 2")).toBe(3.5);
    expect(run("7 % 5")).toBe(2);
    expect(run("-a", { a: 3 })).toBe(-3);
  });

  it("gives null for a null or missing operand, and for division or remainder by zero", () => {
    expect(run("null + 1")).toBeNull();
    expect(run("1 - missing")).toBeNull();
    expect(run("missing * 2")).toBeNull();
    expect(run("-missing")).toBeNull();
    expect(run("1 / 0")).toBeNull();
    expect(run("0 / 0")).toBeNull();
    expect(run("5 % 0")).toBeNull();
  });

  it("concatenates when either side of + is text; a null side gives null, as for every operator", () => {
    expect(run("'Policy ' + 7")).toBe("Policy 7");
    expect(run("7 + ' days'")).toBe("7 days");
    expect(run("'yes: ' + true")).toBe("yes: true");
    // CONTRACT 5.4: "a null operand gives null"; concat() reads null as empty text.
    expect(run("'a' + null")).toBeNull();
    expect(run("missing + 'b'")).toBeNull();
    expect(run("concat('a', missing, 'b')")).toBe("ab");
  });

  it("refuses arithmetic on values that are not numbers", () => {
    expect(() => run("'a' - 1")).toThrow(ExpressionEvaluationError);
    expect(() => run("true * 2")).toThrow(ExpressionEvaluationError);
    expect(() => run("d + 1", { d: { date: "2025-01-01", timezone: "UTC" } })).toThrow(ExpressionEvaluationError);
    expect(() => run("-'a'")).toThrow(ExpressionEvaluationError);
    expect(() => run("-true")).toThrow(ExpressionEvaluationError);
  });

  // Reference model: JS arithmetic on numbers, with the three rules of CONTRACT 5.4 applied first.
  it("agrees with the reference for any numbers and nulls", () => {
    const operand = fc.option(number, { nil: null });
    const reference = (operator: string, a: number | null, b: number | null) => {
      if (a === null || b === null) return null;
      if ((operator === "/" || operator === "%") && b === 0) return null;
      return { "+": a + b, "-": a - b, "*": a * b, "/": a / b, "%": a % b }[operator];
    };
    fc.assert(
      fc.property(fc.constantFrom("+", "-", "*", "/", "%"), operand, operand, (operator, a, b) => {
        expect(run(`a ${operator} b`, { a, b })).toEqual(reference(operator, a, b));
      }),
    );
  });

  // Reference model: unary minus is negation for numbers and null for null, like `0 - x` without the zero's sign.
  it("negates any number and keeps null", () => {
    fc.assert(
      fc.property(fc.option(number, { nil: null }), (a) => {
        expect(run("-a", { a })).toEqual(a === null ? null : -a);
      }),
    );
  });

  // Reference model: text joining when one side is text; null when either side is null.
  it("concatenates any scalars when one side is text, and gives null for a null side", () => {
    const text = fc.string({ maxLength: 5 });
    const sides = fc.oneof(fc.tuple(text, scalar), fc.tuple(scalar, text));
    fc.assert(
      fc.property(sides, ([a, b]) => {
        expect(run("a + b", { a, b })).toBe(a === null || b === null ? null : `${a}${b}`);
      }),
    );
  });
});

describe("comparisons", () => {
  it("order numbers and text, and test equality strictly", () => {
    expect(run("2 < 10")).toBe(true);
    expect(run("'2' < '10'")).toBe(false);
    expect(run("3 >= 3")).toBe(true);
    expect(run("1 == 1")).toBe(true);
    expect(run("1 == '1'")).toBe(false);
    expect(run("1 != '1'")).toBe(true);
  });

  it("treat null and a missing member as equal to each other and to nothing else", () => {
    expect(run("missing == null")).toBe(true);
    expect(run("a.b == missing", { a: {} })).toBe(true);
    expect(run("0 == null")).toBe(false);
    expect(run("'' != null")).toBe(true);
  });

  it("are false for an ordering with a null side", () => {
    for (const operator of ["<", "<=", ">", ">="]) {
      expect(run(`null ${operator} 1`)).toBe(false);
      expect(run(`1 ${operator} missing`)).toBe(false);
      expect(run(`null ${operator} null`)).toBe(false);
    }
  });

  // Reference model: JS comparison of two numbers or two texts; == and != are === and !==.
  it("agree with the reference for any two numbers or two texts", () => {
    const pair = fc.oneof(fc.tuple(number, number), fc.tuple(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 })));
    const reference = (operator: string, a: number | string, b: number | string) =>
      ({ "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "==": a === b, "!=": a !== b })[operator];
    fc.assert(
      fc.property(fc.constantFrom("<", "<=", ">", ">=", "==", "!="), pair, (operator, [a, b]) => {
        expect(run(`a ${operator} b`, { a, b })).toBe(reference(operator, a, b));
      }),
    );
  });
});

describe("boolean operators", () => {
  it("give true or false from the operands' truth", () => {
    expect(run("1 && 'x'")).toBe(true);
    expect(run("0 || ''")).toBe(false);
    expect(run("!null")).toBe(true);
    expect(run("!'text'")).toBe(false);
  });

  it("do not evaluate the right side when the left decides", () => {
    expect(run("false && 'a' - 1")).toBe(false);
    expect(run("true || 'a' - 1")).toBe(true);
    expect(() => run("true && 'a' - 1")).toThrow(ExpressionEvaluationError);
  });

  // Reference model: JS truthiness, the answer always a boolean.
  it("agree with the reference for any scalars", () => {
    fc.assert(
      fc.property(scalar, scalar, (a, b) => {
        expect(run("a && b", { a, b })).toBe(truthy(a) && truthy(b));
        expect(run("a || b", { a, b })).toBe(truthy(a) || truthy(b));
        expect(run("!a", { a })).toBe(!truthy(a));
      }),
    );
  });
});

describe("c ? a : b", () => {
  it("evaluates only the branch the test picks", () => {
    expect(run("limit > 100 ? 'high' : 'low'", { limit: 500 })).toBe("high");
    expect(run("missing ? 'a' - 1 : 'fallback'")).toBe("fallback");
    expect(run("1 ? 2 : 'a' - 1")).toBe(2);
  });

  // Reference model: JS truthiness of the test selects the branch; a missing branch value is null.
  it("agrees with the reference for any scalars", () => {
    fc.assert(
      fc.property(scalar, scalar, scalar, (t, a, b) => {
        expect(run("t ? a : b", { t, a, b })).toEqual(truthy(t) ? a : b);
      }),
    );
  });
});

describe("calls", () => {
  it("refuse an unknown function when evaluated", () => {
    expect(() => run("titleCase('a')")).toThrow(new ExpressionEvaluationError("unknown function titleCase()"));
    expect(() => run("constructor()")).toThrow(ExpressionEvaluationError);
    expect(() => run("toString()")).toThrow(ExpressionEvaluationError);
    expect(() => run("__proto__()")).toThrow(ExpressionEvaluationError);
  });
});

describe("referencedNames", () => {
  it("lists the first member of each field reference once, in order, and never function names", () => {
    expect(referencedNames("concat(a.b, ' ', c) + (d ? a : upper(e.f.g))")).toEqual(["a", "c", "d", "e"]);
    expect(referencedNames("today() + 1")).toEqual([]);
  });
});
