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
 * Undoes one level of string escaping (`\n`, `\t`, `\"`, `\\` written as two characters), as a
 * model does when it escapes its arguments twice. Undefined when there is nothing to undo.
 */
export function unescapeOnce(text: string): string | undefined {
  if (!/\\[nt"'\\]/.test(text)) return undefined;
  const map: Record<string, string> = { n: '\n', t: '\t', '"': '"', "'": "'", '\\': '\\' };
  return text.replace(/\\([nt"'\\])/g, (_, c: string) => map[c] ?? c);
}

/** `N→` line-number prefixes as read_file prints them, at the start of every line. */
export const LINE_PREFIX = /^ *\d+→/;

/** The text without read_file's `N→` prefixes, or undefined when not every non-empty line has one. */
export function stripLinePrefixes(text: string): string | undefined {
  const lines = text.split('\n');
  const nonEmpty = lines.filter((l) => l !== '');
  if (nonEmpty.length === 0 || !nonEmpty.every((l) => LINE_PREFIX.test(l))) return undefined;
  return lines.map((l) => l.replace(LINE_PREFIX, '')).join('\n');
}

/** Strips prefixes from the lines that have one (the replacement's new lines often do not). */
export function stripLinePrefixesLoosely(text: string): string {
  return text
    .split('\n')
    .map((l) => l.replace(LINE_PREFIX, ''))
    .join('\n');
}
