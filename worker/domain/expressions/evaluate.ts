import { FUNCTIONS } from "./functions";
import {
  EXPRESSION_BOUNDS,
  type Expression,
  ExpressionLimitError,
  ExpressionSyntaxError,
  parseExpression,
} from "./parse";

export class ExpressionEvaluationError extends Error {}

export interface EvaluationContext {
  /** The record's values, keyed by referenceId; references walk into objects. */
  scope: Record<string, unknown>;
  now: Date;
  timezone: string;
}

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

function arithmetic(operator: string, left: unknown, right: unknown): unknown {
  // A null operand gives null, for + with text too (CONTRACT 5.4); concat() is the lenient join.
  if (left === null || right === null || left === undefined || right === undefined) return null;
  if (operator === "+" && (typeof left === "string" || typeof right === "string")) return `${left}${right}`;
  if (!isNumber(left) || !isNumber(right)) throw new ExpressionEvaluationError(`"${operator}" needs numbers`);
  switch (operator) {
    case "+":
      return left + right;
    case "-":
      return left - right;
    case "*":
      return left * right;
    case "/":
      return right === 0 ? null : left / right;
    default:
      return right === 0 ? null : left % right;
  }
}

function compare(operator: string, left: unknown, right: unknown): boolean {
  if (operator === "==") return left === right || (left == null && right == null);
  if (operator === "!=") return !(left === right || (left == null && right == null));
  if (left == null || right == null) return false;
  const [a, b] = [left as number | string, right as number | string];
  switch (operator) {
    case "<":
      return a < b;
    case "<=":
      return a <= b;
    case ">":
      return a > b;
    default:
      return a >= b;
  }
}

/** A member the value holds itself; inherited ones (`constructor`, `toString`) are missing like any other. */
const ownMember = (value: unknown, key: string): unknown =>
  value !== null && typeof value === "object" && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;

/** One evaluation's running cost: nodes visited so far, against the step budget. */
interface Run extends EvaluationContext {
  steps: number;
}

/**
 * Every value an evaluation produces is checked against the bounds (CONTRACT 8.3): text over 10,000
 * characters (a chain of fields each doubling the last) ends the evaluation, as does the step budget.
 */
function bounded(value: unknown): unknown {
  if (typeof value === "string" && value.length > EXPRESSION_BOUNDS.valueLength) {
    throw new ExpressionLimitError(
      "value-too-long",
      `produces text longer than ${EXPRESSION_BOUNDS.valueLength.toLocaleString("en-US")} characters`,
    );
  }
  return value;
}

function evaluateNode(node: Expression, context: Run): unknown {
  if (++context.steps > EXPRESSION_BOUNDS.steps) {
    throw new ExpressionLimitError("expression-too-costly", `takes more than ${EXPRESSION_BOUNDS.steps} steps`);
  }
  return bounded(evaluateStep(node, context));
}

function evaluateStep(node: Expression, context: Run): unknown {
  switch (node.type) {
    case "literal":
      return node.value;
    case "reference":
      return node.path.reduce<unknown>(ownMember, context.scope) ?? null;
    case "unary": {
      const operand = evaluateNode(node.operand, context);
      if (node.operator === "!") return !operand;
      // Like binary arithmetic: null stays null, anything but a number is refused.
      if (operand === null || operand === undefined) return null;
      if (!isNumber(operand)) throw new ExpressionEvaluationError('"-" needs a number');
      return -operand;
    }
    case "binary": {
      if (node.operator === "&&") return !!evaluateNode(node.left, context) && !!evaluateNode(node.right, context);
      if (node.operator === "||") return !!evaluateNode(node.left, context) || !!evaluateNode(node.right, context);
      const left = evaluateNode(node.left, context);
      const right = evaluateNode(node.right, context);
      return ["+", "-", "*", "/", "%"].includes(node.operator)
        ? arithmetic(node.operator, left, right)
        : compare(node.operator, left, right);
    }
    case "conditional":
      return evaluateNode(node.test, context)
        ? evaluateNode(node.then, context)
        : evaluateNode(node.otherwise, context);
    case "call": {
      const fn = FUNCTIONS.get(node.name);
      if (!fn) throw new ExpressionEvaluationError(`unknown function ${node.name}()`);
      return fn.apply(
        node.args.map((arg) => evaluateNode(arg, context)),
        context,
      );
    }
  }
}

/**
 * Evaluates an expression against a record. Throws on syntax or evaluation errors, and
 * ExpressionLimitError when it passes its step budget or produces text over 10,000 characters.
 */
export function evaluateExpression(source: string, context: EvaluationContext): unknown {
  return evaluateNode(parseExpression(source), { ...context, steps: 0 });
}

/** The syntax error of an expression, or null when it parses and calls only known functions. */
export function expressionProblem(source: string): string | null {
  return expressionIssue(source)?.message ?? null;
}

/** What is wrong with an expression, with the code of the bound it passes when it is one of those. */
export function expressionIssue(source: string): { message: string; code: string } | null {
  try {
    const unknown = callsIn(parseExpression(source)).find((name) => !FUNCTIONS.has(name));
    return unknown ? { message: `calls unknown function ${unknown}()`, code: "invalid-expression" } : null;
  } catch (error) {
    if (error instanceof ExpressionLimitError) return { message: error.message, code: error.code };
    if (error instanceof ExpressionSyntaxError) return { message: error.message, code: "invalid-expression" };
    throw error;
  }
}

/** True when the same stored data always gives the same answer (no clock functions). */
export function isRepeatable(source: string): boolean {
  return callsIn(parseExpression(source)).every((name) => FUNCTIONS.get(name)?.repeatable !== false);
}

/** The first member of every field reference an expression makes (`address.city` → `address`), in order. */
export function referencedNames(source: string): string[] {
  return [...new Set(referencesIn(parseExpression(source)).map((path) => path[0] ?? ""))];
}

function referencesIn(node: Expression): string[][] {
  switch (node.type) {
    case "reference":
      return [node.path];
    case "call":
      return node.args.flatMap(referencesIn);
    case "unary":
      return referencesIn(node.operand);
    case "binary":
      return [...referencesIn(node.left), ...referencesIn(node.right)];
    case "conditional":
      return [...referencesIn(node.test), ...referencesIn(node.then), ...referencesIn(node.otherwise)];
    default:
      return [];
  }
}

function callsIn(node: Expression): string[] {
  switch (node.type) {
    case "call":
      return [node.name, ...node.args.flatMap(callsIn)];
    case "unary":
      return callsIn(node.operand);
    case "binary":
      return [...callsIn(node.left), ...callsIn(node.right)];
    case "conditional":
      return [...callsIn(node.test), ...callsIn(node.then), ...callsIn(node.otherwise)];
    default:
      return [];
  }
}
