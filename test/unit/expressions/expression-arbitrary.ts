import fc from "fast-check";
import type { Expression } from "../../../worker/domain/expressions/parse";

/**
 * Random expression trees and two printers, written from CONTRACT section 5.4 and the usual (C/JS)
 * operator precedence, independently of the parser: `|| < && < == != < relational < + - < * / % < unary`,
 * binary operators left-associative, `c ? a : b` lowest and right-associative.
 */

/** The functions CONTRACT section 5.4 lists; only the last two read the clock. */
export const CONTRACT_FUNCTIONS = [
  "concat",
  "join",
  "coalesce",
  "upper",
  "lower",
  "len",
  "round",
  "abs",
  "min",
  "max",
  "sum",
  "if",
  "dateOf",
  "today",
  "now",
] as const;
export const CLOCK_FUNCTIONS = ["today", "now"];

export const PRECEDENCE: Record<string, number> = {
  "||": 1,
  "&&": 2,
  "==": 3,
  "!=": 3,
  "<": 4,
  "<=": 4,
  ">": 4,
  ">=": 4,
  "+": 5,
  "-": 5,
  "*": 6,
  "/": 6,
  "%": 6,
};
const UNARY = 7;
const PRIMARY = 8;

const NAMES = ["a", "b", "limit", "policy_1", "_x", "sumInsured"];

const literal = (value: unknown): Expression => ({ type: "literal", value });
const leaf: fc.Arbitrary<Expression> = fc.oneof(
  fc.integer({ min: 0, max: 100_000 }).map(literal),
  // Two-decimal values print without an exponent and parse back to the same double.
  fc.integer({ min: 1, max: 99_999 }).map((k) => literal(k / 100)),
  fc.string({ maxLength: 6 }).map(literal),
  fc.constantFrom(true, false, null).map(literal),
  fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 3 }).map((path) => ({
    type: "reference" as const,
    path,
  })),
);

export const expressionArb: fc.Arbitrary<Expression> = fc.letrec<{
  expr: Expression;
  unary: Expression;
  binary: Expression;
  conditional: Expression;
  call: Expression;
}>((tie) => ({
  expr: fc.oneof(
    { maxDepth: 4, depthIdentifier: "expression" },
    leaf,
    tie("unary"),
    tie("binary"),
    tie("conditional"),
    tie("call"),
  ),
  unary: fc.record({ type: fc.constant("unary"), operator: fc.constantFrom("!", "-"), operand: tie("expr") }),
  binary: fc.record({
    type: fc.constant("binary"),
    operator: fc.constantFrom(...Object.keys(PRECEDENCE)),
    left: tie("expr"),
    right: tie("expr"),
  }),
  conditional: fc
    .tuple(tie("expr"), tie("expr"), tie("expr"))
    .map(([test, then, otherwise]) => ({ type: "conditional" as const, test, then, otherwise })),
  call: fc.record({
    type: fc.constant("call"),
    name: fc.constantFrom(...CONTRACT_FUNCTIONS),
    args: fc.array(tie("expr"), { maxLength: 3 }),
  }),
})).expr;

/** A text literal in single quotes; a backslash escapes the next character. */
export const textLiteral = (text: string) => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;

function literalText(value: unknown): string {
  if (typeof value === "string") return textLiteral(value);
  return String(value);
}

/** Prints a tree with only the parentheses the precedence rules need. */
export function printMinimal(node: Expression, minimum = 0): string {
  const [text, precedence] = printNode(node, printMinimal);
  return precedence < minimum ? `(${text})` : text;
}

/** Prints a tree with every compound sub-expression in parentheses (precedence plays no part). */
export function printParenthesized(node: Expression): string {
  const [text, precedence] = printNode(node, (child) => printParenthesized(child));
  return precedence < PRIMARY ? `(${text})` : text;
}

type Printer = (node: Expression, minimum: number) => string;

function printNode(node: Expression, print: Printer): [string, number] {
  switch (node.type) {
    case "literal":
      return [literalText(node.value), PRIMARY];
    case "reference":
      return [node.path.join("."), PRIMARY];
    case "call":
      return [`${node.name}(${node.args.map((arg) => print(arg, 0)).join(", ")})`, PRIMARY];
    case "unary":
      return [`${node.operator}${print(node.operand, UNARY)}`, UNARY];
    case "binary": {
      const precedence = PRECEDENCE[node.operator] ?? 0;
      // Left-associative: a right operand of the same level needs parentheses, a left one does not.
      return [`${print(node.left, precedence)} ${node.operator} ${print(node.right, precedence + 1)}`, precedence];
    }
    case "conditional":
      return [`${print(node.test, 1)} ? ${print(node.then, 0)} : ${print(node.otherwise, 0)}`, 0];
  }
}

/** Names of the functions a tree calls, anywhere in it. */
export function callsOf(node: Expression): string[] {
  switch (node.type) {
    case "call":
      return [node.name, ...node.args.flatMap(callsOf)];
    case "unary":
      return callsOf(node.operand);
    case "binary":
      return [...callsOf(node.left), ...callsOf(node.right)];
    case "conditional":
      return [...callsOf(node.test), ...callsOf(node.then), ...callsOf(node.otherwise)];
    default:
      return [];
  }
}
