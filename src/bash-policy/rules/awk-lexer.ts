/**
 * The awk lexer, driven by the parser (awk-program.ts): whether `/` starts a regular expression
 * or divides depends on whether the grammar expects an operand there, as in gawk's and mawk's
 * lexers. Strings, regular expressions (with their bracket expressions) and comments are read
 * whole, so `;`, `|` or `#` inside them are text. What different awks could read differently
 * is refused: a `/` inside a bracket expression (gawk keeps it in the regex, older awks end the
 * regex there), a newline or backslash-newline inside a string or regex, a comment line that
 * ends in a backslash, and any character outside the grammar.
 */
import { type Denial, deny } from '../denial.js';

export type TokenKind = 'name' | 'funcname' | 'number' | 'string' | 'regex' | 'newline' | 'op' | 'eof';

export interface Token {
  kind: TokenKind;
  text: string;
  /** Blank space came before it (a user function call needs none between name and `(`). */
  spaced: boolean;
}

const ops = [
  '**=',
  '|&',
  '||',
  '&&',
  '>>',
  '>=',
  '<=',
  '==',
  '!=',
  '!~',
  '++',
  '--',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '^=',
  '**',
];
const singles = '{}()[],;+-*/%^!<>=~?:$|@';

export const awkDenial = (why: string): Denial =>
  deny('awk-program', `The awk program ${why}; awk may only compute and print to stdout.`);

/** Reads one token at a time; `regexAllowed` tells whether `/` would start an operand here. */
export class AwkLexer {
  private i = 0;
  constructor(private readonly src: string) {}

  /** The position, to come back to after a look-ahead. */
  mark(): number {
    return this.i;
  }

  reset(mark: number): void {
    this.i = mark;
  }

  next(regexAllowed: boolean): Token | Denial {
    const s = this.src;
    let spaced = false;
    for (;;) {
      const ch = s[this.i];
      if (ch === ' ' || ch === '\t') {
        this.i++;
        spaced = true;
      } else if (ch === '\\' && s[this.i + 1] === '\n') {
        this.i += 2;
        spaced = true;
      } else if (ch === '#') {
        const end = s.indexOf('\n', this.i);
        const comment = s.slice(this.i, end === -1 ? s.length : end);
        if (comment.endsWith('\\')) return awkDenial('has a comment ending in `\\`');
        this.i = end === -1 ? s.length : end;
      } else break;
    }
    const start = this.i;
    const ch = s[start];
    if (ch === undefined) return { kind: 'eof', text: '', spaced };
    if (ch === '\n' || ch === ';') {
      this.i++;
      return { kind: ch === ';' ? 'op' : 'newline', text: ch, spaced };
    }
    if (ch === '"') return this.quoted('"', 'string', spaced);
    if (ch === '/' && regexAllowed) return this.quoted('/', 'regex', spaced);
    const name = /[A-Za-z_][A-Za-z0-9_]*/y;
    name.lastIndex = start;
    const word = name.exec(s);
    if (word) {
      this.i += word[0].length;
      return { kind: s[this.i] === '(' ? 'funcname' : 'name', text: word[0], spaced };
    }
    const number = /(0[xX][0-9a-fA-F]+|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)/y;
    number.lastIndex = start;
    const num = number.exec(s);
    if (num) {
      this.i += num[0].length;
      return { kind: 'number', text: num[0], spaced };
    }
    const op = ops.find((o) => s.startsWith(o, start)) ?? (singles.includes(ch) ? ch : undefined);
    if (!op) return awkDenial(`uses \`${ch}\`, which the policy does not parse`);
    this.i += op.length;
    return { kind: 'op', text: op, spaced };
  }

  /** A string or regex literal from its opening quote; bracket expressions read whole in a regex. */
  private quoted(quote: '"' | '/', kind: 'string' | 'regex', spaced: boolean): Token | Denial {
    const s = this.src;
    let j = this.i + 1;
    while (j < s.length && s[j] !== quote) {
      if (s[j] === '\n') return awkDenial(`has a ${kind} that is not closed on its line`);
      if (s[j] === '\\') {
        if (s[j + 1] === '\n' || s[j + 1] === undefined)
          return awkDenial(`continues a ${kind} on another line`);
        j += 2;
        continue;
      }
      if (kind === 'regex' && s[j] === '[') {
        const end = bracketEnd(s, j);
        if (end === -1) return awkDenial('has a bracket expression that is not closed');
        if (s.slice(j, end).includes('/'))
          return awkDenial('has `/` inside a bracket expression (awks disagree on where such a regex ends)');
        j = end;
        continue;
      }
      j++;
    }
    if (j >= s.length) return awkDenial(`has a ${kind} that is not closed`);
    const text = s.slice(this.i, j + 1);
    this.i = j + 1;
    return { kind, text, spaced };
  }
}

/** The index after the `]` closing the bracket expression at `open`, or -1 (POSIX rules). */
function bracketEnd(s: string, open: number): number {
  let j = open + 1;
  if (s[j] === '^') j++;
  if (s[j] === ']') j++; // a leading `]` is literal
  while (j < s.length && s[j] !== '\n') {
    if (s[j] === '[' && ':.='.includes(s[j + 1] ?? '')) {
      const close = s.indexOf(`${s[j + 1]}]`, j + 2);
      if (close === -1) return -1;
      j = close + 2;
      continue;
    }
    if (s[j] === '\\') {
      j += 2;
      continue;
    }
    if (s[j] === ']') return j + 1;
    j++;
  }
  return -1;
}
