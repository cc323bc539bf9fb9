/**
 * Finds a block of whole lines in a file by a chain of comparisons, strict to loose. A looser
 * comparison is used only when every stricter one found nothing, and it is accepted only when it
 * finds exactly one place: two or more is reported as ambiguous, never guessed between.
 */
import { distance } from 'fastest-levenshtein';
import { indentLevels, indentShape } from './indentation.js';
import { asciiKey, bracketKey, collapsedKey } from './normalize.js';

/** Names of the block comparisons, in the order they are tried. */
export type BlockMatcherName =
  | 'exact'
  | 'trailing-whitespace'
  | 'indentation'
  | 'whitespace'
  | 'quotes'
  | 'brackets'
  | 'block-anchor';

interface BlockMatcher {
  name: BlockMatcherName;
  /** Whether the file's indentation may differ from the model's, so added lines must be re-indented. */
  reindents: boolean;
  matches(window: string[], needle: string[]): boolean;
}

const everyLine = (window: string[], needle: string[], key: (l: string) => string) =>
  window.every((line, i) => key(line) === key(needle[i] ?? ''));

/** Largest share of the middle's characters that may differ for a block-anchored match. */
export const ANCHOR_MAX_DIFFERENCE = 0.2;

function middleIsClose(window: string[], needle: string[]): boolean {
  const a = window.slice(1, -1).map(asciiKey).join('\n');
  const b = needle.slice(1, -1).map(asciiKey).join('\n');
  const longest = Math.max(a.length, b.length);
  return longest === 0 || distance(a, b) / longest <= ANCHOR_MAX_DIFFERENCE;
}

const anchorsMatch = (window: string[], needle: string[]) =>
  asciiKey(window[0] ?? '') === asciiKey(needle[0] ?? '') &&
  asciiKey(window.at(-1) ?? '') === asciiKey(needle.at(-1) ?? '');

const MATCHERS: BlockMatcher[] = [
  { name: 'exact', reindents: false, matches: (w, n) => w.every((l, i) => l === n[i]) },
  { name: 'trailing-whitespace', reindents: false, matches: (w, n) => everyLine(w, n, (l) => l.trimEnd()) },
  {
    name: 'indentation',
    reindents: true,
    matches: (w, n) => {
      if (!everyLine(w, n, (l) => l.trim())) return false;
      const a = indentLevels(w, indentShape(w));
      const b = indentLevels(n, indentShape(n));
      return a.every((level, i) => level === b[i]);
    },
  },
  { name: 'whitespace', reindents: true, matches: (w, n) => everyLine(w, n, collapsedKey) },
  { name: 'quotes', reindents: true, matches: (w, n) => everyLine(w, n, asciiKey) },
  { name: 'brackets', reindents: true, matches: (w, n) => everyLine(w, n, bracketKey) },
  // Only when the first and last lines alone pin one place: a close middle never picks between two.
  { name: 'block-anchor', reindents: true, matches: anchorsMatch },
];

/** Where to look: lines [from, to) of the file; `atEnd` requires the block to end the file. */
export interface BlockSearch {
  from?: number;
  to?: number;
  atEnd?: boolean;
  /**
   * An exact match takes the first place from `from` on (a patch hunk after its `@@` anchor, as the
   * format defines it); looser comparisons must still find exactly one place.
   */
  firstExact?: boolean;
}

/** The outcome of a block search; line indexes are 0-based. */
export type BlockMatch =
  | { kind: 'found'; start: number; matcher: BlockMatcherName; reindents: boolean }
  | { kind: 'ambiguous'; starts: number[]; matcher: BlockMatcherName }
  | { kind: 'absent' };

/** Searches `lines` for `needle` (both without line endings). */
export function findBlock(lines: string[], needle: string[], search: BlockSearch = {}): BlockMatch {
  const n = needle.length;
  if (n === 0 || needle.every((l) => l.trim() === '')) return { kind: 'absent' };
  const from = Math.max(0, search.from ?? 0);
  const to = Math.min(lines.length, search.to ?? lines.length);
  const firstStart = search.atEnd ? Math.max(from, to - n) : from;
  for (const matcher of MATCHERS) {
    if (matcher.name === 'block-anchor' && n < 3) continue;
    const starts: number[] = [];
    for (let start = firstStart; start + n <= to; start++) {
      if (matcher.matches(lines.slice(start, start + n), needle)) starts.push(start);
    }
    if (starts.length > 1 && search.firstExact && matcher.name === 'exact')
      return { kind: 'found', start: starts[0] as number, matcher: 'exact', reindents: false };
    if (starts.length > 1) return { kind: 'ambiguous', starts, matcher: matcher.name };
    if (starts.length === 1) {
      const start = starts[0] as number;
      if (matcher.name === 'block-anchor' && !middleIsClose(lines.slice(start, start + n), needle)) break;
      return { kind: 'found', start, matcher: matcher.name, reindents: matcher.reindents };
    }
  }
  return { kind: 'absent' };
}
