/**
 * The normalisations near-miss matching compares lines under, from strict to loose. Each keeps a
 * map back to the original characters, so a match found in normalised text replaces exactly the
 * original characters it covers.
 */

/** Typographic look-alikes models write for ASCII: curly quotes, primes, dashes, non-breaking spaces. */
const LOOK_ALIKES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u00a0': ' ',
  '\u202f': ' ',
};
const LOOK_ALIKE_PATTERN = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'g');

/** Replaces look-alike characters one for one (lengths are unchanged). */
export function asciiQuotes(text: string): string {
  return text.replace(LOOK_ALIKE_PATTERN, (c) => LOOK_ALIKES[c] ?? c);
}

/** True when `text` has a look-alike character. */
export function hasLookAlikes(text: string): boolean {
  LOOK_ALIKE_PATTERN.lastIndex = 0;
  return LOOK_ALIKE_PATTERN.test(text);
}

/** Normalised text with, for each of its characters, the original range it came from. */
export interface Mapped {
  text: string;
  from: number[];
  to: number[];
}

/** Collapses each run of spaces and tabs to one space, keeping where each character came from. */
export function collapseWhitespace(text: string): Mapped {
  const out: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < text.length; ) {
    if (text[i] === ' ' || text[i] === '\t') {
      let j = i;
      while (j < text.length && (text[j] === ' ' || text[j] === '\t')) j++;
      out.push(' ');
      from.push(i);
      to.push(j);
      i = j;
    } else {
      out.push(text[i] as string);
      from.push(i);
      to.push(i + 1);
      i++;
    }
  }
  return { text: out.join(''), from, to };
}

/** Whitespace-collapsed and trimmed: the key lines are compared by at the whitespace level. */
export function collapsedKey(line: string): string {
  return line.replace(/[ \t]+/g, ' ').trim();
}

/** Like {@link collapsedKey}, with look-alike characters made ASCII. */
export function asciiKey(line: string): string {
  return collapsedKey(asciiQuotes(line));
}

/**
 * Undoes one level of string escaping (`\n`, `\t`, `\"`, `\\`, `\$`, `` \` `` written as two
 * characters), as a model does when it escapes its arguments twice. Undefined when there is nothing
 * to undo.
 */
export function unescapeOnce(text: string): string | undefined {
  if (!/\\[nt"'\\$`]/.test(text)) return undefined;
  const map: Record<string, string> = { n: '\n', t: '\t', '"': '"', "'": "'", '\\': '\\', $: '$', '`': '`' };
  return text.replace(/\\([nt"'\\$`])/g, (_, c: string) => map[c] ?? c);
}

/**
 * Undoes only `\$` and `` \` `` (a template literal escaped as for a shell), leaving `\n` and the
 * like alone: safe on several lines, where those are code. Undefined when there is none.
 */
export function unescapeTemplate(text: string): string | undefined {
  if (!/\\[$`]/.test(text)) return undefined;
  return text.replace(/\\([$`])/g, '$1');
}

/** `N→` line-number prefixes as read_file prints them, at the start of every line. */
export const LINE_PREFIX = /^ *\d+→/;

/**
 * Line-number prefixes as tools print them: read_file's `N→`, `N | ` and `N|`, `cat -n`'s `N<tab>`.
 * Only the arrow is told apart by itself; the others count when the numbers run on one by one.
 */
const ANY_LINE_PREFIX = /^ *(\d+)(→| ?\| ?|\t)/;

/**
 * The line-number prefix every non-empty line of `lines` carries, or undefined. Forms other than
 * `N→` count only with numbers that go up by one from line to line and one separator throughout.
 */
export function linePrefixOf(lines: string[]): RegExp | undefined {
  const nonEmpty = lines.filter((l) => l !== '');
  if (nonEmpty.length === 0) return undefined;
  if (nonEmpty.every((l) => LINE_PREFIX.test(l))) return LINE_PREFIX;
  const prefixes = nonEmpty.map((l) => ANY_LINE_PREFIX.exec(l));
  if (prefixes.some((p) => p === null)) return undefined;
  const numbers = prefixes.map((p) => Number(p?.[1]));
  const separators = new Set(prefixes.map((p) => p?.[2]?.trim()));
  if (separators.size !== 1 || numbers.some((n, i) => i > 0 && n !== (numbers[i - 1] as number) + 1))
    return undefined;
  return ANY_LINE_PREFIX;
}

/** The text without line-number prefixes, or undefined when its lines do not all carry one. */
export function stripLinePrefixes(text: string): string | undefined {
  const lines = text.split('\n');
  const prefix = linePrefixOf(lines);
  return prefix && lines.map((l) => l.replace(prefix, '')).join('\n');
}

/** Strips prefixes from the lines that have one (the replacement's new lines often do not). */
export function stripLinePrefixesLoosely(text: string): string {
  const lines = text.split('\n');
  const prefix = lines.some((l) => LINE_PREFIX.test(l)) ? LINE_PREFIX : ANY_LINE_PREFIX;
  return lines.map((l) => l.replace(prefix, '')).join('\n');
}

/** Spaces just inside brackets dropped: `f( a, b )` and `f(a, b)` compare equal. */
export function tightBrackets(mapped: Mapped): Mapped {
  const out: Mapped = { text: '', from: [], to: [] };
  const chars: string[] = [];
  const { text } = mapped;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === ' ' && (/[([{]/.test(text[i - 1] ?? '') || /[)\]}]/.test(text[i + 1] ?? ''))) continue;
    chars.push(c);
    out.from.push(mapped.from[i] as number);
    out.to.push(mapped.to[i] as number);
  }
  out.text = chars.join('');
  return out;
}

/** {@link asciiKey} with spaces just inside brackets dropped. */
export function bracketKey(line: string): string {
  return asciiKey(line)
    .replace(/([([{]) /g, '$1')
    .replace(/ ([)\]}])/g, '$1');
}
