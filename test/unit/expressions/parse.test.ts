import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expressionProblem, isRepeatable } from "../../../worker/domain/expressions/evaluate";
import { ExpressionSyntaxError, parseExpression } from "../../../worker/domain/expressions/parse";
import {
  CLOCK_FUNCTIONS,
  CONTRACT_FUNCTIONS,
  callsOf,
  expressionArb,
  printMinimal,
  printParenthesized,
  textLiteral,
} from "./expression-arbitrary";

/** The expression language's syntax (CONTRACT section 5.4; header of worker/domain/expressions/parse.ts). */

const lit = (value: unknown) => ({ type: "literal", value });
const ref = (...path: string[]) => ({ type: "reference", path });
const bin = (operator: string, left: unknown, right: unknown) => ({ type: "binary", operator, left, right });
const cond = (test: unknown, then: unknown, otherwise: unknown) => ({ type: "conditional", test, then, otherwise });

describe("literals", () => {
  it("reads whole and decimal numbers, text in either quote, true, false and null", () => {
    expect(parseExpression("42")).toEqual(lit(42));
    expect(parseExpression("0.125")).toEqual(lit(0.125));
    expect(parseExpression("'single'")).toEqual(lit("single"));
    expect(parseExpression('"double"')).toEqual(lit("double"));
    expect(parseExpression("'say \"hi\"'")).toEqual(lit('say "hi"'));
    expect(parseExpression("'it\\'s'")).toEqual(lit("it's"));
    expect(parseExpression("true")).toEqual(lit(true));
    expect(parseExpression("false")).toEqual(lit(false));
    expect(parseExpression("null")).toEqual(lit(null));
  });

  // Reference model: identity. Any text, quoted with its quotes and backslashes escaped, reads back as itself.
  it("reads back any quoted text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(parseExpression(textLiteral(text))).toEqual(lit(text));
      }),
    );
  });

  // Reference model: Number() of the decimal spelling.
  it("reads any decimal spelling as the number it names", () => {
    const spelling = fc
      .tuple(fc.nat({ max: 10_000_000 }), fc.option(fc.stringMatching(/^[0-9]{1,6}$/), { nil: undefined }))
      .map(([whole, fraction]) => (fraction === undefined ? `${whole}` : `${whole}.${fraction}`));
    fc.assert(
      fc.property(spelling, (text) => {
        expect(parseExpression(text)).toEqual(lit(Number(text)));
      }),
    );
  });
});

describe("references", () => {
  it("reads dotted paths into the record", () => {
    expect(parseExpression("limit")).toEqual(ref("limit"));
    expect(parseExpression("insured.address.zipCode")).toEqual(ref("insured", "address", "zipCode"));
    expect(parseExpression("_private1")).toEqual(ref("_private1"));
  });

  it("refuses a dot not followed by a name", () => {
    expect(() => parseExpression("insured.")).toThrow(ExpressionSyntaxError);
    expect(() => parseExpression("items.0")).toThrow(ExpressionSyntaxError);
  });
});

describe("operators", () => {
  it("multiplies before adding, and adds left to right", () => {
    expect(parseExpression("1 + 2 * 3")).toEqual(bin("+", lit(1), bin("*", lit(2), lit(3))));
    expect(parseExpression("10 - 3 - 2")).toEqual(bin("-", bin("-", lit(10), lit(3)), lit(2)));
    expect(parseExpression("(1 + 2) * 3")).toEqual(bin("*", bin("+", lit(1), lit(2)), lit(3)));
  });

  it("compares after arithmetic, tests equality after ordering, and binds && tighter than ||", () => {
    expect(parseExpression("a + 1 > b")).toEqual(bin(">", bin("+", ref("a"), lit(1)), ref("b")));
    expect(parseExpression("a < b == true")).toEqual(bin("==", bin("<", ref("a"), ref("b")), lit(true)));
    expect(parseExpression("a || b && c")).toEqual(bin("||", ref("a"), bin("&&", ref("b"), ref("c"))));
  });

  it("applies ! and unary minus to the operand right after them", () => {
    expect(parseExpression("!a == b")).toEqual(
      bin("==", { type: "unary", operator: "!", operand: ref("a") }, ref("b")),
    );
    expect(parseExpression("-2 * 3")).toEqual(bin("*", { type: "unary", operator: "-", operand: lit(2) }, lit(3)));
  });

  it("nests conditionals to the right and takes the whole left side as the test", () => {
    expect(parseExpression("a || b ? 1 : c ? 2 : 3")).toEqual(
      cond(bin("||", ref("a"), ref("b")), lit(1), cond(ref("c"), lit(2), lit(3))),
    );
  });

  it("reads calls with any number of arguments, each a whole expression", () => {
    expect(parseExpression("now()")).toEqual({ type: "call", name: "now", args: [] });
    expect(parseExpression("round(a / 3, 2)")).toEqual({
      type: "call",
      name: "round",
      args: [bin("/", ref("a"), lit(3)), lit(2)],
    });
    expect(parseExpression("if(a, b ? 1 : 2, 3)")).toMatchObject({ args: [ref("a"), { type: "conditional" }, lit(3)] });
  });

  // Round trip: parsing a fully parenthesized print gives the tree back (the parser builds what it reads).
  it("reads a fully parenthesized print of any tree as that tree", () => {
    fc.assert(
      fc.property(expressionArb, (tree) => {
        expect(parseExpression(printParenthesized(tree))).toEqual(tree);
      }),
    );
  });

  // Reference model: the precedence and associativity table in expression-arbitrary.ts. A print with only
  // the parentheses that table needs must read back as the same tree.
  it("follows the usual precedence and associativity for any tree", () => {
    fc.assert(
      fc.property(expressionArb, (tree) => {
        expect(parseExpression(printMinimal(tree))).toEqual(tree);
      }),
    );
  });
});

describe("syntax errors", () => {
  it.each([
    ["", "unexpected end of expression"],
    ["1 +", "unexpected end of expression"],
    ["(1 + 2", 'expected ")"'],
    ["a ? 1", 'expected ":"'],
    ["1 2", 'unexpected "2"'],
    ["'open", "unterminated text literal"],
    ["a # b", 'unexpected character "#"'],
    ["a = 1", 'unexpected character "="'],
    ["f(1,)", 'unexpected ")"'],
  ])("%j is refused: %s", (source, message) => {
    expect(() => parseExpression(source)).toThrow(new ExpressionSyntaxError(message));
  });
});

describe("expressionProblem: what configuration validation reports", () => {
  it("is null for an expression that parses and calls only known functions", () => {
    expect(expressionProblem("round(sum(exposures, 'value') * 1.05, 2)")).toBeNull();
  });

  it("names the syntax error, or the unknown function", () => {
    expect(expressionProblem("1 +")).toBe("unexpected end of expression");
    expect(expressionProblem("upper(titleCase(name))")).toBe("calls unknown function titleCase()");
  });

  // Reference model: the list in CONTRACT section 5.4. Names that every JS object inherits
  // (constructor, toString, ...) are not functions of the language.
  it("accepts exactly the functions CONTRACT section 5.4 lists", () => {
    const inherited = Object.getOwnPropertyNames(Object.prototype).filter((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n));
    const name = fc.oneof(
      fc.constantFrom(...CONTRACT_FUNCTIONS),
      fc.constantFrom(...inherited),
      fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/).filter((n) => !["true", "false", "null"].includes(n)),
    );
    fc.assert(
      fc.property(name, (fn) => {
        const known = (CONTRACT_FUNCTIONS as readonly string[]).includes(fn);
        expect(expressionProblem(`${fn}(1)`)).toBe(known ? null : `calls unknown function ${fn}()`);
      }),
    );
  });
});

describe("isRepeatable: only today() and now() read the clock", () => {
  it("is false for a clock call anywhere in the expression", () => {
    expect(isRepeatable("today()")).toBe(false);
    expect(isRepeatable("a ? 1 : dateOf(today())")).toBe(false);
    expect(isRepeatable("concat('at ', now())")).toBe(false);
    expect(isRepeatable("round(a * 2, 1)")).toBe(true);
    expect(isRepeatable("today")).toBe(true); // a field named today, not a call
  });

  // Reference model: a tree is repeatable when it calls neither clock function.
  it("agrees with a walk of the tree for any expression", () => {
    fc.assert(
      fc.property(expressionArb, (tree) => {
        const readsClock = callsOf(tree).some((name) => CLOCK_FUNCTIONS.includes(name));
        expect(isRepeatable(printMinimal(tree))).toBe(!readsClock);
      }),
    );
  });
});
