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
      const text = /^[0-9]+(\.[0-9]+)?/.exec(source.slice(i))?.[0] ?? ch;
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
      const text = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i))?.[0] ?? ch;
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
  constructor(private readonly tokens: Token[]) {}

  parse(): Expression {
    const expression = this.conditional();
    const extra = this.tokens[this.position];
    if (extra) throw new ExpressionSyntaxError(`unexpected "${extra.text}"`);
    return expression;
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
      left = { type: "binary", operator: token.text, left, right: this.binary(precedence + 1) };
    }
  }

  private unary(): Expression {
    const operator = this.peek("!") ?? this.peek("-");
    if (operator) {
      this.position++;
      return { type: "unary", operator: operator.text as "!" | "-", operand: this.unary() };
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

const cache = new Map<string, Expression>();

/** Parses (and caches) an expression; throws ExpressionSyntaxError on bad syntax. */
export function parseExpression(source: string): Expression {
  let parsed = cache.get(source);
  if (!parsed) {
    parsed = new Parser(tokenize(source)).parse();
    if (cache.size > 1000) cache.clear();
    cache.set(source, parsed);
  }
  return parsed;
}
