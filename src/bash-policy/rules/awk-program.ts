/**
 * A recursive-descent parser for the safe subset of awk (the POSIX grammar, less what reaches
 * outside the program): a program is allowed only if it parses whole. The subset has no output
 * redirection, no pipes, no `getline`, no `system`/`close`/`fflush`, no `ENVIRON`, `PROCINFO`,
 * `ARGV`/`ARGC` (which choose the files awk reads), no `@` (gawk's indirect calls, `@include`,
 * `@load`) and calls only built-in or defined functions. Newlines are skipped exactly where awk
 * skips them (after `{`, `,`, `&&`, `||`, `do`, `else` and a statement header's `)`), so a
 * continued statement is parsed as the statement it continues. Operator precedence does not
 * change which tokens are operands, so expressions are read flat. A `>` outside parentheses and
 * brackets is accepted only in a pattern: in an action, awk may read it as `print … > file`.
 */
import type { Denial } from '../denial.js';
import { AwkLexer, awkDenial, type Token } from './awk-lexer.js';

const refusedNames: Record<string, string> = {
  system: 'runs a shell command',
  getline: 'reads other files or command output',
  close: 'closes pipes and files',
  fflush: 'flushes pipes and files',
  ENVIRON: "reads the environment (the runner's secrets)",
  PROCINFO: 'reads process information and the environment',
  SYMTAB: 'reaches any variable by name, ARGV included',
  FUNCTAB: 'calls functions by name',
  ARGV: 'changes which files awk reads',
  ARGC: 'changes which files awk reads',
  bindtextdomain: 'reads message catalogues from a folder',
  dcgettext: 'reads message catalogues',
  dcngettext: 'reads message catalogues',
};

const builtins = new Set(
  'length substr index split sub gsub match sprintf sin cos atan2 exp log sqrt int rand srand tolower toupper gensub strftime systime mktime asort asorti patsplit isarray typeof and or xor compl lshift rshift strtonum mkbool'.split(
    ' ',
  ),
);

const keywords = new Set(
  'BEGIN END BEGINFILE ENDFILE function func if else while for do break continue next nextfile exit return delete print printf in switch case default'.split(
    ' ',
  ),
);

const binary = new Set([
  '||',
  '&&',
  '~',
  '!~',
  '<',
  '<=',
  '!=',
  '==',
  '>',
  '>=',
  '+',
  '-',
  '*',
  '/',
  '%',
  '^',
  '**',
  'in',
]);
const assignOps = new Set(['=', '+=', '-=', '*=', '/=', '%=', '^=', '**=']);

/** Thrown inside the parser; turned into the denial by {@link checkAwkProgram}. */
class Refusal {
  constructor(readonly denial: Denial) {}
}

class Parser {
  private tok: Token = { kind: 'eof', text: '', spaced: false };
  private readonly lexer: AwkLexer;
  private readonly defined = new Set<string>();
  private readonly called: string[] = [];
  /** Open `(` and `[` not yet closed. */
  private depth = 0;
  private inPattern = false;

  constructor(program: string) {
    this.lexer = new AwkLexer(program);
  }

  /** Advances; `operand` says whether the grammar now expects an operand (so `/` is a regex). */
  private advance(operand: boolean): void {
    const t = this.lexer.next(operand);
    if ('rule' in t) throw new Refusal(t);
    if ((t.kind === 'name' || t.kind === 'funcname') && refusedNames[t.text])
      this.fail(`uses \`${t.text}\`, which ${refusedNames[t.text]}`);
    if (t.kind === 'op') {
      if (t.text === '@') this.fail('uses `@` (indirect calls, `@include`, `@load`)');
      if (t.text === '|' || t.text === '|&') this.fail('uses a pipe');
      if ((t.text === '>' || t.text === '>>') && this.depth === 0 && !this.inPattern)
        this.fail('uses `>` outside parentheses in an action (awk reads it as output into a file)');
      if (t.text === '(' || t.text === '[') this.depth++;
      if (t.text === ')' || t.text === ']') this.depth--;
    }
    this.tok = t;
  }

  private fail(why: string): never {
    throw new Refusal(awkDenial(why));
  }

  private is(text: string): boolean {
    return this.tok.kind !== 'string' && this.tok.kind !== 'regex' && this.tok.text === text;
  }

  private expect(text: string, operandAfter: boolean): void {
    if (!this.is(text)) this.fail(`has \`${this.tok.text || 'the end'}\` where \`${text}\` was expected`);
    this.advance(operandAfter);
  }

  private newlines(): void {
    while (this.tok.kind === 'newline') this.advance(true);
  }

  private skipTerminators(): void {
    while (this.tok.kind === 'newline' || this.is(';')) this.advance(true);
  }

  parse(): void {
    this.advance(true);
    for (;;) {
      this.skipTerminators();
      if (this.tok.kind === 'eof') break;
      const endedWithAction = this.item();
      const separated = this.endsStatement() && !this.is('}');
      if (!separated && !endedWithAction) this.fail(`has \`${this.tok.text}\` after a pattern`);
    }
    for (const name of this.called)
      if (!this.defined.has(name)) this.fail(`calls \`${name}\`, which it does not define`);
  }

  /** One pattern-action item or function; true when it ended with an action's `}`. */
  private item(): boolean {
    if (this.is('function') || this.is('func')) {
      this.functionDef();
      return true;
    }
    if (['BEGIN', 'END', 'BEGINFILE', 'ENDFILE'].some((k) => this.is(k))) {
      this.advance(false);
      if (!this.is('{')) this.fail('has a BEGIN/END without an action');
    } else if (!this.is('{')) {
      this.inPattern = true;
      this.expr();
      if (this.is(',')) {
        this.advance(true);
        this.newlines();
        this.expr();
      }
      this.inPattern = false;
      if (!this.is('{')) return false;
    }
    this.expect('{', true);
    this.statements();
    this.expect('}', true);
    return true;
  }

  private functionDef(): void {
    this.advance(false);
    if (this.tok.kind !== 'funcname' && this.tok.kind !== 'name') this.fail('has a function without a name');
    const name = this.tok.text;
    if (builtins.has(name) || keywords.has(name)) this.fail(`redefines \`${name}\``);
    this.defined.add(name);
    this.advance(false);
    this.expect('(', false);
    while (!this.is(')')) {
      if (this.tok.kind !== 'name' || keywords.has(this.tok.text))
        this.fail('has a parameter that is not a name');
      this.advance(false);
      if (this.is(',')) {
        this.advance(false);
        this.newlines();
      } else if (!this.is(')')) this.fail('has a malformed parameter list');
    }
    this.advance(true);
    this.newlines();
    this.expect('{', true);
    this.statements();
    this.expect('}', true);
  }

  private statements(): void {
    for (;;) {
      this.skipTerminators();
      if (this.is('}') || this.tok.kind === 'eof') return;
      this.statement();
    }
  }

  private terminator(): void {
    if (this.tok.kind === 'newline' || this.is(';')) {
      this.advance(true);
      return;
    }
    if (this.is('}') || this.tok.kind === 'eof') return;
    this.fail(`has \`${this.tok.text}\` where a statement should end`);
  }

  private endsStatement(): boolean {
    return this.tok.kind === 'newline' || this.tok.kind === 'eof' || this.is(';') || this.is('}');
  }

  /** A statement body after a header's `)`, `do` or `else`. */
  private body(): void {
    this.newlines();
    if (this.is(';')) {
      this.advance(true);
      return;
    }
    if (this.tok.kind === 'regex')
      this.fail('starts a statement with a regex right after `)` (awks disagree)');
    this.statement();
  }

  private statement(): void {
    if (this.is('{')) {
      this.advance(true);
      this.statements();
      this.expect('}', true);
      return;
    }
    if (this.is('if')) {
      this.advance(false);
      this.condition();
      this.body();
      this.skipTerminators();
      if (this.is('else')) {
        this.advance(true);
        this.body();
      }
      return;
    }
    if (this.is('while')) {
      this.advance(false);
      this.condition();
      this.body();
      return;
    }
    if (this.is('do')) {
      this.advance(true);
      this.body();
      this.skipTerminators();
      this.expect('while', false);
      this.condition();
      this.terminator();
      return;
    }
    if (this.is('for')) {
      this.forStatement();
      return;
    }
    if (['break', 'continue', 'next', 'nextfile'].some((k) => this.is(k))) {
      this.advance(false);
      this.terminator();
      return;
    }
    if (this.is('exit') || this.is('return')) {
      this.advance(true);
      if (!this.endsStatement()) this.expr();
      this.terminator();
      return;
    }
    this.simpleStatement();
    this.terminator();
  }

  /** `( expr )` of if/while; the token after `)` is read as an operand position. */
  private condition(): void {
    this.expect('(', true);
    this.expr();
    this.expect(')', true);
  }

  private forStatement(): void {
    this.advance(false);
    this.expect('(', true);
    if (this.tok.kind === 'name' && !keywords.has(this.tok.text)) {
      // `for (k in arr)`: looked ahead, then the lexer is put back.
      const mark = this.lexer.mark();
      const saved = { tok: this.tok, depth: this.depth };
      this.advance(false);
      if (this.is('in')) {
        this.advance(false);
        if (this.tok.kind === 'name' && !keywords.has(this.tok.text)) {
          this.advance(false);
          if (this.is(')')) {
            this.advance(true);
            this.body();
            return;
          }
        }
      }
      this.lexer.reset(mark);
      this.tok = saved.tok;
      this.depth = saved.depth;
    }
    if (!this.is(';')) this.simpleStatement();
    this.expect(';', true);
    this.newlines();
    if (!this.is(';')) this.expr();
    this.expect(';', true);
    this.newlines();
    if (!this.is(')')) this.simpleStatement();
    this.expect(')', true);
    this.body();
  }

  private simpleStatement(): void {
    if (this.is('print') || this.is('printf')) {
      this.advance(true);
      if (this.endsStatement()) return;
      this.exprList();
      return;
    }
    if (this.is('delete')) {
      this.advance(false);
      if (this.tok.kind !== 'name' || keywords.has(this.tok.text))
        this.fail('deletes something that is not an array');
      this.advance(false);
      if (this.is('[')) this.subscript();
      return;
    }
    this.expr();
  }

  private exprList(): void {
    this.expr();
    while (this.is(',')) {
      this.advance(true);
      this.newlines();
      this.expr();
    }
  }

  /** `[ expr, … ]` after an array name. */
  private subscript(): void {
    this.advance(true);
    this.exprList();
    this.expect(']', false);
  }

  /** Operands joined by binary operators or by juxtaposition, then `?:` or an assignment. */
  private expr(): void {
    this.operand();
    for (;;) {
      const t = this.tok;
      if (t.kind === 'op' || t.kind === 'name') {
        if (t.kind === 'op' ? binary.has(t.text) : t.text === 'in') {
          const op = t.text;
          this.advance(op !== 'in');
          if (op === '||' || op === '&&') this.newlines();
          if (op === 'in') {
            if (this.tok.kind !== 'name' || keywords.has(this.tok.text))
              this.fail('uses `in` without an array name');
            this.advance(false);
          } else this.operand();
          continue;
        }
        if (t.text === '?') {
          this.advance(true);
          this.expr();
          this.expect(':', true);
          this.expr();
          return;
        }
        if (assignOps.has(t.text)) {
          this.advance(true);
          this.expr();
          return;
        }
      }
      if (!this.startsConcatenation()) return;
      this.operand();
    }
  }

  private startsConcatenation(): boolean {
    const t = this.tok;
    if (t.kind === 'number' || t.kind === 'string' || t.kind === 'funcname') return true;
    if (t.kind === 'name') return !keywords.has(t.text);
    return t.kind === 'op' && (t.text === '$' || t.text === '(');
  }

  /** Unary operators, a primary, and a postfix `++`/`--`. */
  private operand(): void {
    while (this.is('!') || this.is('-') || this.is('+')) this.advance(true);
    if (this.is('++') || this.is('--')) {
      this.advance(true);
      if (!this.is('$') && (this.tok.kind !== 'name' || keywords.has(this.tok.text)))
        this.fail('increments something that is not a variable');
    }
    this.primary();
    if (this.is('++') || this.is('--')) {
      this.advance(false);
      if (this.is('/')) this.fail('divides right after `++`/`--` (awks disagree)');
    }
  }

  private primary(): void {
    const t = this.tok;
    if (t.kind === 'number' || t.kind === 'string' || t.kind === 'regex') {
      this.advance(false);
      return;
    }
    if (t.kind === 'funcname' || (t.kind === 'name' && builtins.has(t.text))) {
      this.call();
      return;
    }
    if (t.kind === 'name' && !keywords.has(t.text)) {
      this.advance(false);
      if (this.is('[')) this.subscript();
      return;
    }
    if (this.is('$')) {
      this.advance(true);
      if (this.is('++') || this.is('--') || this.is('-') || this.is('!'))
        this.fail(`uses \`$${this.tok.text}\``);
      if (this.tok.kind === 'regex') this.fail('uses `$` before a regex');
      this.primary();
      return;
    }
    if (this.is('(')) {
      this.advance(true);
      this.newlines();
      this.exprList(); // `(a, b) in arr` and print's `(a, b)`
      this.expect(')', false);
      return;
    }
    if (this.is('-') || this.is('+') || this.is('!') || this.is('++') || this.is('--')) {
      this.operand();
      return;
    }
    this.fail(`has \`${t.text || 'the end'}\` where a value was expected`);
  }

  /** A call of a built-in (space before `(` allowed, bare `length` too) or of a defined function. */
  private call(): void {
    const name = this.tok.text;
    if (keywords.has(name)) this.fail(`has \`${name}\` where a value was expected`);
    const builtin = builtins.has(name);
    if (!builtin) this.called.push(name);
    this.advance(false);
    if (!this.is('(')) {
      if (name === 'length') return;
      this.fail(`uses \`${name}\` without calling it`);
    }
    this.advance(true);
    this.newlines();
    if (!this.is(')')) this.exprList();
    this.expect(')', false);
  }
}

/** Why a variable or function name is outside the subset, or undefined. */
export function refusedAwkName(name: string): string | undefined {
  return refusedNames[name];
}

/** Checks a program against the safe subset; `undefined` when it is allowed. */
export function checkAwkProgram(program: string): Denial | undefined {
  try {
    new Parser(program).parse();
    return undefined;
  } catch (error) {
    if (error instanceof Refusal) return error.denial;
    throw error;
  }
}
