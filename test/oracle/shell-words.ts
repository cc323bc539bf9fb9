/**
 * A small lexer for the fuzzer: splits a command line into words (raw text kept) and operators
 * (`|`, `&&`, `;`, redirects …), so variants can respell one word and join the line again. A line
 * with syntax the lexer does not follow (here-documents, substitutions, groups) is opaque: only
 * whole-line variants apply to it.
 */

export type Token = { kind: 'word'; raw: string } | { kind: 'op'; raw: string };

const OPERATORS = [
  '&&',
  '||',
  ';;',
  '|&',
  '&>>',
  '&>',
  '2>&1',
  '>&2',
  '1>&2',
  '2>>',
  '>>',
  '>|',
  '2>',
  '1>',
  '<<<',
  '|',
  ';',
  '&',
  '>',
  '<',
  '\n',
];

/** The tokens of `line`, or undefined when it is opaque. */
export function lex(line: string): Token[] | undefined {
  if (/<<(?!<)|\$\(|`|\$\{|\(|\)|\{|\}/.test(line)) return undefined;
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    const ch = line[i]!;
    if (ch === ' ' || ch === '\t') {
      i++;
      continue;
    }
    const op = OPERATORS.find((o) => line.startsWith(o, i));
    if (op && !(op === '2>' && /\S/.test(line[i - 1] ?? ' '))) {
      tokens.push({ kind: 'op', raw: op });
      i += op.length;
      continue;
    }
    let j = i;
    while (j < line.length && !/[\s|&;<>]/.test(line[j]!)) {
      if (line[j] === "'") j = line.indexOf("'", j + 1);
      else if (line[j] === '"') {
        j++;
        while (j < line.length && line[j] !== '"') j += line[j] === '\\' ? 2 : 1;
      } else if (line[j] === '\\') j++;
      if (j < 0 || j >= line.length + 1) return undefined;
      j++;
    }
    if (j === i) return undefined;
    tokens.push({ kind: 'word', raw: line.slice(i, j) });
    i = j;
  }
  return tokens;
}

/** The line again, tokens separated by single spaces. */
export function unlex(tokens: readonly Token[]): string {
  return tokens
    .map((t) => t.raw)
    .join(' ')
    .replace(/ \n /g, '\n');
}

/** The value bash gives a raw word, when it is a plain literal (no `$`, no glob); else undefined. */
export function wordValue(raw: string): string | undefined {
  let value = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (ch === "'") {
      const end = raw.indexOf("'", i + 1);
      if (end < 0) return undefined;
      value += raw.slice(i + 1, end);
      i = end;
    } else if (ch === '"') {
      let j = i + 1;
      for (; j < raw.length && raw[j] !== '"'; j++) {
        if (raw[j] === '$' || raw[j] === '`') return undefined;
        if (raw[j] === '\\' && '$`"\\'.includes(raw[j + 1] ?? '')) j++;
        value += raw[j];
      }
      i = j;
    } else if (ch === '\\') value += raw[++i] ?? '';
    else if ('$*?[~{'.includes(ch)) return undefined;
    else value += ch;
  }
  return value;
}

/** Index ranges of the simple commands: runs of words between control operators. */
export function commandSpans(tokens: readonly Token[]): [start: number, end: number][] {
  const spans: [number, number][] = [];
  let start = 0;
  for (let i = 0; i <= tokens.length; i++) {
    const t = tokens[i];
    if (!t || (t.kind === 'op' && /^(&&|\|\||;|\||\|&|&|\n)$/.test(t.raw))) {
      if (i > start) spans.push([start, i]);
      start = i + 1;
    }
  }
  return spans;
}
