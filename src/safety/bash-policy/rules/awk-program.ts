/**
 * A tokenizer for awk programs and the safe subset the policy allows: everything that computes
 * and prints to stdout, nothing that runs a command (`system`, pipes, `|&`), reads other input
 * (`getline`, changing `ARGV`), writes files (`print > f`), reads the environment (`ENVIRON`,
 * `PROCINFO`) or calls by name (`@f()`, `@include`, `SYMTAB`). Strings and regex literals are
 * tokens of their own, so `;` or `|` inside them is text, not syntax.
 */
import { type Denial, deny } from '../denial.js';

type Token =
  | { kind: 'name'; text: string }
  | { kind: 'string' | 'regex' | 'number' | 'newline'; text: string }
  | { kind: 'op'; text: string };

const refusedNames: Record<string, string> = {
  system: 'runs a shell command',
  getline: 'reads other files or command output',
  close: 'closes pipes and files (only useful with them)',
  ENVIRON: "reads the environment (the runner's secrets)",
  PROCINFO: 'reads process information and the environment',
  SYMTAB: 'reaches any variable by name, ARGV included',
  FUNCTAB: 'calls functions by name',
  ARGV: 'changes which files awk reads',
  ARGC: 'changes which files awk reads',
  fflush: 'flushes pipes and files (only useful with them)',
};

const denyAwk = (why: string): Denial =>
  deny('awk-program', `The awk program ${why}; awk may only compute and print to stdout.`);

/** Splits an awk program into tokens, or says where it could not. */
export function tokenizeAwk(program: string): Token[] | Denial {
  const tokens: Token[] = [];
  let i = 0;
  const operandEnd = () => {
    const last = tokens.at(-1);
    if (!last) return false;
    if (last.kind === 'name' || last.kind === 'string' || last.kind === 'number' || last.kind === 'regex')
      return true;
    return last.kind === 'op' && [')', ']', '$', '++', '--'].includes(last.text);
  };
  while (i < program.length) {
    const ch = program[i]!;
    if (ch === '\\' && program[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r') {
      i++;
      continue;
    }
    if (ch === '\n' || ch === ';') {
      tokens.push({ kind: 'newline', text: ch });
      i++;
      continue;
    }
    if (ch === '#') {
      while (i < program.length && program[i] !== '\n') i++;
      continue;
    }
    if (ch === '"') {
      let j = i + 1;
      while (j < program.length && program[j] !== '"') {
        if (program[j] === '\\') j++;
        if (program[j] === '\n') return denyAwk('has a string that is not closed');
        j++;
      }
      if (j >= program.length) return denyAwk('has a string that is not closed');
      tokens.push({ kind: 'string', text: program.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    if (ch === '/' && !operandEnd()) {
      let j = i + 1;
      let inClass = false;
      while (j < program.length && (inClass || program[j] !== '/')) {
        if (program[j] === '\\') j++;
        else if (program[j] === '[') inClass = true;
        else if (program[j] === ']') inClass = false;
        if (program[j] === '\n') return denyAwk('has a regular expression that is not closed');
        j++;
      }
      if (j >= program.length) return denyAwk('has a regular expression that is not closed');
      tokens.push({ kind: 'regex', text: program.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(program.slice(i, i + 64));
    if (name) {
      tokens.push({ kind: 'name', text: name[0] });
      i += name[0].length;
      continue;
    }
    const number = /^(0[xX][0-9a-fA-F]+|\d*\.?\d+([eE][+-]?\d+)?)/.exec(program.slice(i, i + 64));
    if (number && number[0] !== '') {
      tokens.push({ kind: 'number', text: number[0] });
      i += number[0].length;
      continue;
    }
    const op = [
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
      '**=',
      '**',
    ].find((o) => program.startsWith(o, i));
    const text = op ?? ch;
    if (!op && !'{}()[],+-*/%^!<>=~?:$|@'.includes(ch))
      return denyAwk(`uses \`${ch}\`, which the policy does not parse`);
    tokens.push({ kind: 'op', text });
    i += text.length;
  }
  return tokens;
}

/** Checks a program against the safe subset; `undefined` when it is allowed. */
export function checkAwkProgram(program: string): Denial | undefined {
  const tokens = tokenizeAwk(program);
  if (!Array.isArray(tokens)) return tokens;
  let inPrint = false;
  let depth = 0;
  for (const token of tokens) {
    if (token.kind === 'name') {
      const why = refusedNames[token.text];
      if (why) return denyAwk(`uses \`${token.text}\`, which ${why}`);
      if (token.text === 'print' || token.text === 'printf') {
        inPrint = true;
        depth = 0;
      }
      continue;
    }
    if (token.kind === 'newline') {
      inPrint = false;
      continue;
    }
    if (token.kind !== 'op') continue;
    switch (token.text) {
      case '@':
        return denyAwk('uses `@` (indirect calls, `@include`, `@load`)');
      case '|':
      case '|&':
        return denyAwk('uses a pipe');
      case '{':
      case '}':
        inPrint = false;
        break;
      case '(':
        depth++;
        break;
      case ')':
        depth--;
        break;
      case '>':
      case '>>':
        if (inPrint && depth <= 0) return denyAwk('redirects output into a file');
        break;
    }
  }
  return undefined;
}
