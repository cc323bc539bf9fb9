/**
 * The text strace prints for one call, split into its arguments and result: quoted strings with C
 * escapes, arrays, structures, and the `-y` decorations (`3</real/path>`, `AT_FDCWD</cwd>`) that
 * name the file behind a descriptor.
 */

/** One call: `name(args) = result`. */
export interface CallText {
  name: string;
  /** The top-level arguments as printed. */
  args: string[];
  /** The result as printed: `0`, `3</path>`, `-1 ENOENT (…)`, `?`. */
  result: string;
}

/** Splits `name(arg, arg, …) = result`; undefined for lines that are not a call. */
export function splitCall(text: string): CallText | undefined {
  const open = /^([a-z_0-9]+)\(/.exec(text);
  if (!open) return undefined;
  const args: string[] = [];
  let depth = 0;
  let start = open[0].length;
  let i = start;
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') i = skipQuoted(text, i);
    else if (ch === '<') i = skipDecoration(text, i);
    else if (ch === '[' || ch === '{' || ch === '(') depth++;
    else if (ch === ']' || ch === '}') depth--;
    else if (ch === ')') {
      if (depth === 0) break;
      depth--;
    } else if (ch === ',' && depth === 0) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = text.slice(start, i).trim();
  if (last !== '') args.push(last);
  const result = /^\)\s*=\s*(.*)$/.exec(text.slice(i))?.[1] ?? '?';
  return { name: open[1]!, args, result: result.trim() };
}

function skipQuoted(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return text.length;
}

/** `<…>` after a descriptor or `AT_FDCWD`; a bare `<` (e.g. in `<unfinished …>`) is kept. */
function skipDecoration(text: string, at: number): number {
  if (!/[\dD]$/.test(text.slice(0, at))) return at;
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '>') return i;
  }
  return text.length;
}

/** The value of a quoted string argument (`"a\"b"` → `a"b`); undefined when it is not one. */
export function stringArg(arg: string | undefined): string | undefined {
  if (!arg?.startsWith('"')) return undefined;
  const end = skipQuoted(arg, 0);
  return unescapeC(arg.slice(1, end));
}

/** The elements of a printed array of strings (`["ls", "-l"]`). */
export function stringArray(arg: string | undefined): string[] {
  if (!arg?.startsWith('[')) return [];
  const values: string[] = [];
  for (let i = 1; i < arg.length; i++) {
    if (arg[i] === '"') {
      const end = skipQuoted(arg, i);
      values.push(unescapeC(arg.slice(i + 1, end)));
      i = end;
    }
  }
  return values;
}

/** The path in a `-y` decoration (`AT_FDCWD</w>`, `3</w/f>`); undefined without one. */
export function decoration(arg: string | undefined): string | undefined {
  const match = /^(?:-?\d+|AT_FDCWD)<((?:[^>\\]|\\.)*)>/.exec(arg ?? '');
  return match ? unescapeC(match[1]!) : undefined;
}

/** Whether the result is a success, its number, its decoration and its error name. */
export function parseResult(result: string): {
  ok: boolean;
  value: number | undefined;
  path: string | undefined;
  errno: string | undefined;
} {
  const failed = /^-1\s+([A-Z0-9]+)/.exec(result);
  if (failed) return { ok: false, value: -1, path: undefined, errno: failed[1] };
  const number = /^(-?\d+|0x[0-9a-f]+)/.exec(result);
  return {
    ok: result !== '?' && number !== null,
    value: number ? Number(number[1]) : undefined,
    path: decoration(result),
    errno: undefined,
  };
}

/** C escapes as strace prints them: `\n`, `\t`, `\"`, `\\`, `\x41`, octal `\101`. */
export function unescapeC(text: string): string {
  if (!text.includes('\\')) return text;
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch !== '\\') {
      bytes.push(...encoder.encode(ch));
      continue;
    }
    const next = text[i + 1] ?? '';
    const simple: Record<string, number> = {
      n: 10,
      t: 9,
      r: 13,
      v: 11,
      f: 12,
      a: 7,
      b: 8,
      '"': 34,
      '\\': 92,
    };
    if (next in simple) {
      bytes.push(simple[next]!);
      i++;
    } else if (next === 'x') {
      const hex = /^[0-9a-fA-F]{1,2}/.exec(text.slice(i + 2))![0];
      bytes.push(Number.parseInt(hex, 16));
      i += 1 + hex.length;
    } else if (/[0-7]/.test(next)) {
      const octal = /^[0-7]{1,3}/.exec(text.slice(i + 1))![0];
      bytes.push(Number.parseInt(octal, 8));
      i += octal.length;
    } else bytes.push(92);
  }
  return Buffer.from(bytes).toString('utf8');
}
