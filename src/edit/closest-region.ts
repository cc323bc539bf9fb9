/**
 * When nothing matches, the region of the file most like what the model wrote, with line numbers,
 * so its next call can copy the text exactly instead of guessing again.
 */
import { distance } from 'fastest-levenshtein';
import { CLOSEST_REGION_MAX_FILE_LINES } from '../limits.js';
import { asciiKey } from './normalize.js';

/** Lines of the closest region shown at most. */
export const CLOSEST_MAX_LINES = 10;
/** Below this average line similarity (0–1) nothing is shown: a far region would mislead. */
export const CLOSEST_MIN_SIMILARITY = 0.5;

function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - distance(a, b) / longest;
}

/** The best window's first line (0-based) and average similarity, or undefined. */
export function closestWindow(
  lines: string[],
  needle: string[],
): { start: number; score: number } | undefined {
  const probe = needle.slice(0, CLOSEST_MAX_LINES).map(asciiKey);
  if (probe.length === 0 || lines.length === 0 || lines.length > CLOSEST_REGION_MAX_FILE_LINES)
    return undefined;
  const keys = lines.map(asciiKey);
  let best: { start: number; score: number } | undefined;
  const last = Math.max(0, keys.length - probe.length);
  for (let start = 0; start <= last; start++) {
    let total = 0;
    for (let j = 0; j < probe.length; j++) total += similarity(keys[start + j] ?? '', probe[j] as string);
    const score = total / probe.length;
    if (!best || score > best.score) best = { start, score };
  }
  return best && best.score >= CLOSEST_MIN_SIMILARITY ? best : undefined;
}

/** A hint naming the closest region with `N→` numbered lines, or a sentence saying there is none. */
export function closestRegionHint(lines: string[], needle: string[]): string {
  const best = closestWindow(lines, needle);
  if (!best) return 'Nothing in the file is close to it; read the file again to find the right text.';
  const count = Math.min(CLOSEST_MAX_LINES, Math.max(1, needle.length), lines.length - best.start);
  const shown = lines.slice(best.start, best.start + count);
  const width = String(best.start + count).length;
  const numbered = shown.map((l, i) => `${String(best.start + i + 1).padStart(width)}→${l}`);
  const range = count === 1 ? `line ${best.start + 1}` : `lines ${best.start + 1}-${best.start + count}`;
  return `The closest region is ${range} (copy it exactly, without the "N→" prefixes):\n${numbered.join('\n')}`;
}
