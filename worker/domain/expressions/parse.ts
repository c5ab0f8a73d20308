/**
 * The expression language of computed defaults, calculated fields and rating-workflow conditions:
 * literals (numbers, 'text' or "text", true, false, null), field references (`a.b.c`), arithmetic
 * (+ - * / %), comparison (== != < <= > >=), logic (&& || !), `cond ? a : b`, parentheses and calls
 * to the functions in `functions.ts`. No assignment, no loops, no access to anything but the record.
 */
export type Expression =
  | { type: "literal"; value: unknown }
  | { type: "reference"; path: string[] }
  | { type: "unary"; operator: "!" | "-"; operand: Expression }
  | { type: "binary"; operator: string; left: Expression; right: Expression }
  | { type: "conditional"; test: Expression; then: Expression; otherwise: Expression }
  | { type: "call"; name: string; args: Expression[] };

export class ExpressionSyntaxError extends Error {}

/**
 * An expression over one of its bounds (CONTRACT 8.3): longer than 2,000 characters, nested deeper than
 * 32, or (when evaluated) over its step budget or producing text longer than 10,000 characters. `code`
 * names the bound for configuration issues and refusals.
 */
export class ExpressionLimitError extends ExpressionSyntaxError {
  constructor(
    readonly code: "expression-too-long" | "expression-too-deep" | "expression-too-costly" | "value-too-long",
    message: string,
  ) {
    super(message);
  }
}

/** The bounds of the expression language (CONTRACT 8.3). */
export const EXPRESSION_BOUNDS = {
  /** Characters of an expression's text. */
  length: 2_000,
  /** Nesting of parentheses, operators and calls. */
  depth: 32,
  /** Nodes one evaluation may visit (a 2,000-character expression has far fewer). */
  steps: 10_000,
  /** Characters of any text an evaluation produces. */
  valueLength: 10_000,
} as const;

type Token = { kind: "number" | "string" | "name" | "op"; text: string; value?: unknown };

const OPERATORS = [
  "&&",
  "||",
  "==",
  "!=",
  "<=",
  ">=",
  "<",
  ">",
  "+",
  "-",
  "*",
  "/",
  "%",
  "!",
  "?",
  ":",
  "(",
  ")",
  ",",
  ".",
];

const NUMBER = /[0-9]+(\.[0-9]+)?/y;
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;

/** The match of a sticky pattern at `at`, without copying the rest of the source (linear tokenizing). */
function matchAt(pattern: RegExp, source: string, at: number): string | undefined {
  pattern.lastIndex = at;
  return pattern.exec(source)?.[0];
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source.charAt(i);
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (/[0-9]/.test(ch)) {
      const text = matchAt(NUMBER, source, i) ?? ch;
      tokens.push({ kind: "number", text, value: Number(text) });
      i += text.length;
      continue;
    }
    if (ch === "'" || ch === '"') {
      let j = i + 1;
      let text = "";
      while (j < source.length && source[j] !== ch) {
        if (source[j] === "\\" && j + 1 < source.length) j++;
        text += source[j];
        j++;
      }
      if (j >= source.length) throw new ExpressionSyntaxError("unterminated text literal");
      tokens.push({ kind: "string", text, value: text });
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_]/.test(ch)) {
      const text = matchAt(NAME, source, i) ?? ch;
      tokens.push({ kind: "name", text });
      i += text.length;
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (!op) throw new ExpressionSyntaxError(`unexpected character "${ch}"`);
    tokens.push({ kind: "op", text: op });
    i += op.length;
  }
  return tokens;
}

const BINARY_PRECEDENCE: Record<string, number> = {
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

class Parser {
  private position = 0;
  private depth = 0;
  /** Nodes built, for the parse cache's weight. */
  nodes = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Expression {
    const expression = this.conditional();
    const extra = this.tokens[this.position];
    if (extra) throw new ExpressionSyntaxError(`unexpected "${extra.text}"`);
    return expression;
  }

  /**
   * Runs one level of nesting (the whole expression, a parenthesis, a call argument, a conditional branch, a
   * unary operator), refusing more than 32 before the stack gets deep. A flat chain (`a + b + c`) is one
   * level however long; its length is bounded by the expression's 2,000 characters.
   */
  private nested<T>(parse: () => T): T {
    if (++this.depth > EXPRESSION_BOUNDS.depth) {
      throw new ExpressionLimitError(
        "expression-too-deep",
        `nests deeper than ${EXPRESSION_BOUNDS.depth} levels (parentheses, operators and calls)`,
      );
    }
    this.nodes++;
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private peek(text?: string) {
    const token = this.tokens[this.position];
    return text === undefined ? token : token?.kind === "op" && token.text === text ? token : undefined;
  }

  private expect(text: string) {
    if (!this.peek(text)) throw new ExpressionSyntaxError(`expected "${text}"`);
    this.position++;
  }

  private conditional(): Expression {
    return this.nested(() => this.conditionalAt());
  }

  private conditionalAt(): Expression {
    const test = this.binary(1);
    if (!this.peek("?")) return test;
    this.position++;
    const then = this.conditional();
    this.expect(":");
    return { type: "conditional", test, then, otherwise: this.conditional() };
  }

  private binary(minimum: number): Expression {
    let left = this.unary();
    for (;;) {
      const token = this.peek();
      if (token?.kind !== "op") return left;
      const precedence = BINARY_PRECEDENCE[token.text];
      if (precedence === undefined || precedence < minimum) return left;
      this.position++;
      this.nodes++;
      left = { type: "binary", operator: token.text, left, right: this.binary(precedence + 1) };
    }
  }

  private unary(): Expression {
    const operator = this.peek("!") ?? this.peek("-");
    if (operator) {
      this.position++;
      return { type: "unary", operator: operator.text as "!" | "-", operand: this.nested(() => this.unary()) };
    }
    return this.primary();
  }

  private primary(): Expression {
    const token = this.tokens[this.position++];
    if (!token) throw new ExpressionSyntaxError("unexpected end of expression");
    if (token.kind === "number" || token.kind === "string") return { type: "literal", value: token.value };
    if (token.kind === "op" && token.text === "(") {
      const inner = this.conditional();
      this.expect(")");
      return inner;
    }
    if (token.kind !== "name") throw new ExpressionSyntaxError(`unexpected "${token.text}"`);
    if (token.text === "true" || token.text === "false") return { type: "literal", value: token.text === "true" };
    if (token.text === "null") return { type: "literal", value: null };
    if (this.peek("(")) {
      this.position++;
      const args: Expression[] = [];
      if (!this.peek(")")) {
        do args.push(this.conditional());
        while (this.peek(",") && ++this.position);
      }
      this.expect(")");
      return { type: "call", name: token.text, args };
    }
    const path = [token.text];
    while (this.peek(".")) {
      this.position++;
      const next = this.tokens[this.position++];
      if (next?.kind !== "name") throw new ExpressionSyntaxError('expected a name after "."');
      path.push(next.text);
    }
    return { type: "reference", path };
  }
}

/**
 * Parsed expressions, shared by every company an isolate serves, so bounded by (estimated) bytes: least
 * recently used first out. An expression's weight is its text plus its nodes.
 */
const CACHE_BUDGET_BYTES = 2 * 1024 * 1024;
const BYTES_PER_NODE = 120;
const cache = new Map<string, { expression: Expression; weight: number }>();
let cachedBytes = 0;

function remember(source: string, expression: Expression, nodes: number) {
  const weight = source.length * 2 + nodes * BYTES_PER_NODE;
  if (weight > CACHE_BUDGET_BYTES) return;
  cache.set(source, { expression, weight });
  cachedBytes += weight;
  for (const [oldest, entry] of cache) {
    if (cachedBytes <= CACHE_BUDGET_BYTES) break;
    cache.delete(oldest);
    cachedBytes -= entry.weight;
  }
}

/** What the parse cache holds now (for tests of its bound). */
export const parseCacheBytes = () => cachedBytes;

/**
 * Parses (and caches) an expression; throws ExpressionSyntaxError on bad syntax and ExpressionLimitError
 * for text over 2,000 characters or nesting over 32 levels (checked before any deep recursion).
 */
export function parseExpression(source: string): Expression {
  const hit = cache.get(source);
  if (hit) {
    // Most recently used last.
    cache.delete(source);
    cache.set(source, hit);
    return hit.expression;
  }
  if (source.length > EXPRESSION_BOUNDS.length) {
    throw new ExpressionLimitError(
      "expression-too-long",
      `is longer than ${EXPRESSION_BOUNDS.length.toLocaleString("en-US")} characters`,
    );
  }
  const parser = new Parser(tokenize(source));
  const expression = parser.parse();
  remember(source, expression, parser.nodes);
  return expression;
}
