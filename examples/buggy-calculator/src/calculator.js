/**
 * Evaluates an arithmetic expression of numbers, + - * / and parentheses, with the usual
 * precedence: `evaluate('2 + 3 * 4')` is 14.
 */
export function evaluate(expression) {
  const parser = new Parser(tokenize(expression));
  const value = parser.expression();
  if (!parser.done()) throw new SyntaxError(`Unexpected "${parser.peek()}" in "${expression}"`);
  return value;
}

/** Splits an expression into numbers, operators and parentheses. */
export function tokenize(expression) {
  const tokens = expression.match(/\d+(?:\.\d+)?|[-+*/()]|\S/g) ?? [];
  for (const token of tokens) {
    if (!/^(\d+(\.\d+)?|[-+*/()])$/.test(token)) throw new SyntaxError(`Unexpected "${token}"`);
  }
  return tokens;
}

class Parser {
  constructor(tokens) {
    this.tokens = tokens;
    this.position = 0;
  }

  peek() {
    return this.tokens[this.position];
  }

  next() {
    return this.tokens[this.position++];
  }

  done() {
    return this.position >= this.tokens.length;
  }

  // expression := term (('+' | '-') term)*
  expression() {
    const left = this.term();
    const op = this.peek();
    if (op === '+' || op === '-') {
      this.next();
      const right = this.expression();
      return op === '+' ? left + right : left - right;
    }
    return left;
  }

  // term := factor (('*' | '/') factor)*
  term() {
    const left = this.factor();
    const op = this.peek();
    if (op === '*' || op === '/') {
      this.next();
      const right = this.term();
      return op === '*' ? left * right : left / right;
    }
    return left;
  }

  // factor := number | '-' factor | '(' expression ')'
  factor() {
    const token = this.next();
    if (token === undefined) throw new SyntaxError('Unexpected end of expression');
    if (token === '-') return -this.factor();
    if (token === '(') {
      const value = this.expression();
      if (this.next() !== ')') throw new SyntaxError('Missing ")"');
      return value;
    }
    if (/^\d/.test(token)) return Number(token);
    throw new SyntaxError(`Unexpected "${token}"`);
  }
}
