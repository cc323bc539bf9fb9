/**
 * Finds a fragment of one line (an `old_string` without a newline) under looser comparisons:
 * surrounding whitespace ignored, whitespace runs collapsed, look-alike quotes made ASCII, spaces just
 * inside brackets dropped. Each
 * comparison maps back to the original characters, so only the matched characters are replaced.
 */
import { asciiQuotes, collapseWhitespace, type Mapped, tightBrackets } from './normalize.js';

/** Names of the fragment comparisons, in the order they are tried. */
export type FragmentMatcherName = 'trimmed' | 'whitespace' | 'quotes' | 'brackets';

/** One place: line index and the [start, end) character range within that line. */
export interface FragmentPlace {
  line: number;
  start: number;
  end: number;
}

export type FragmentMatch =
  | { kind: 'found'; place: FragmentPlace; matcher: FragmentMatcherName }
  | { kind: 'ambiguous'; lines: number[]; matcher: FragmentMatcherName }
  | { kind: 'absent' };

const identity = (text: string): Mapped => ({
  text,
  from: Array.from({ length: text.length }, (_, i) => i),
  to: Array.from({ length: text.length }, (_, i) => i + 1),
});

const LEVELS: { name: FragmentMatcherName; map: (text: string) => Mapped }[] = [
  { name: 'trimmed', map: identity },
  { name: 'whitespace', map: collapseWhitespace },
  { name: 'quotes', map: (text) => collapseWhitespace(asciiQuotes(text)) },
  { name: 'brackets', map: (text) => tightBrackets(collapseWhitespace(asciiQuotes(text))) },
];

function placesIn(lines: string[], needle: string, map: (text: string) => Mapped): FragmentPlace[] {
  const key = map(needle).text.trim();
  if (key === '') return [];
  const places: FragmentPlace[] = [];
  lines.forEach((line, index) => {
    const mapped = map(line);
    for (let at = mapped.text.indexOf(key); at !== -1; at = mapped.text.indexOf(key, at + key.length)) {
      places.push({
        line: index,
        start: mapped.from[at] as number,
        end: mapped.to[at + key.length - 1] as number,
      });
    }
  });
  return places;
}

/** Searches every line for `needle` (which has no newline). */
export function findFragment(lines: string[], needle: string): FragmentMatch {
  for (const level of LEVELS) {
    if (level.name === 'trimmed' && needle.trim() === needle) continue;
    const places = placesIn(lines, needle, level.map);
    if (places.length > 1)
      return { kind: 'ambiguous', lines: places.map((p) => p.line), matcher: level.name };
    if (places.length === 1) return { kind: 'found', place: places[0] as FragmentPlace, matcher: level.name };
  }
  return { kind: 'absent' };
}
