/**
 * What `edit_file` does to a file's text: the exact match first (as the model wrote it, or with
 * the file's CRLF endings), then near-miss matching, each looser step accepted only when it finds
 * exactly one place. Pure: text in, new text or a message for the model out.
 */
import { findBlock } from './block-match.js';
import { closestRegionHint } from './closest-region.js';
import {
  type FileLines,
  fromFileLines,
  lfText,
  modelLines,
  spliceLines,
  toFileLines,
  withOwnEndings,
} from './file-lines.js';
import { findFragment } from './fragment-match.js';
import { adaptationFor, hunkBetween, replacementLines } from './hunk.js';
import {
  asciiQuotes,
  hasLookAlikes,
  stripLinePrefixes,
  stripLinePrefixesLoosely,
  unescapeOnce,
  unescapeTemplate,
} from './normalize.js';

/** How an edit was matched; `exact` needs no explanation, the others are told to the model. */
export type MatchKind =
  | 'exact'
  | 'trailing-whitespace'
  | 'indentation'
  | 'whitespace'
  | 'quotes'
  | 'brackets'
  | 'block-anchor'
  | 'trimmed'
  | 'line-numbers'
  | 'escapes'
  | 'blank-lines';

/** Words for each kind, completing "matched …". */
export const MATCH_LABELS: Record<MatchKind, string> = {
  exact: 'exactly',
  'trailing-whitespace': 'ignoring trailing whitespace',
  indentation: "after re-indenting (the file's indentation was kept)",
  whitespace: 'with runs of whitespace collapsed',
  quotes: 'after normalising curly quotes and dashes',
  brackets: 'ignoring spaces just inside brackets',
  'block-anchor': 'by its first and last lines (the lines between differed slightly)',
  trimmed: 'ignoring surrounding whitespace',
  'line-numbers': 'after removing line-number prefixes',
  escapes: 'after unescaping \\n, \\t, \\$ and quotes written literally',
  'blank-lines': 'ignoring blank lines around it that the file does not have there',
};

/** The outcome of planning an edit. `line` is 1-based. */
export type EditPlan =
  | { kind: 'planned'; content: string; line: number; replacements: number; matched: MatchKind[] }
  | { kind: 'failed'; reason: 'absent' | 'ambiguous'; message: string };

/** The 1-based lines where `needle` starts in `text` (non-overlapping). */
function occurrenceLines(text: string, needle: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let scanned = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
    for (let i = scanned; i < at; i++) if (text.charCodeAt(i) === 10) line++;
    scanned = at;
    lines.push(line);
  }
  return lines;
}

const listLines = (lines: number[]) =>
  lines.length <= 6 ? lines.join(', ') : `${lines.slice(0, 6).join(', ')} and ${lines.length - 6} more`;

function ambiguous(
  shown: string,
  lines: number[],
  how: MatchKind | undefined,
  replaceAllHint: boolean,
): EditPlan {
  const via = how && how !== 'exact' ? ` (${MATCH_LABELS[how]})` : '';
  const fix = replaceAllHint ? ', or set replace_all' : '';
  return {
    kind: 'failed',
    reason: 'ambiguous',
    message: `old_string found ${lines.length} times in ${shown}${via}, at lines ${listLines(lines)}; add surrounding context to make it unique${fix}.`,
  };
}

type Attempt = EditPlan | undefined;

/** What the model wrote with every ending as `\n`: endings are the file's business, not the model's. */
const lf = (text: string) => text.replaceAll('\r\n', '\n');

/**
 * `to` without the indentation the file already has before `at`: an `old_string` copied without
 * its line's indentation, with a `new_string` that carries it, would otherwise indent twice.
 */
function withoutRepeatedIndent(content: string, at: number, from: string, to: string): string {
  const indent = /[ \t]+$/.exec(content.slice(content.lastIndexOf('\n', at - 1) + 1, at))?.[0];
  if (!indent || indent.length !== at - content.lastIndexOf('\n', at - 1) - 1 || /^[ \t]/.test(from))
    return to;
  return to.startsWith(indent) && !/^[ \t]/.test(to.slice(indent.length)) ? to.slice(indent.length) : to;
}

function exactEdit(
  file: FileLines,
  oldText: string,
  newText: string,
  replaceAll: boolean,
  shown: string,
): Attempt {
  // Matched with every ending as \n; written back with each line's own ending (see withOwnEndings).
  const content = lfText(file);
  const from = lf(oldText);
  const to = lf(newText);
  if (from === '') return undefined;
  const lines = occurrenceLines(content, from);
  if (lines.length === 0) return undefined;
  if (lines.length > 1 && !replaceAll) return ambiguous(shown, lines, undefined, true);
  const at = content.indexOf(from);
  const updated = replaceAll
    ? content.split(from).join(to)
    : content.slice(0, at) + withoutRepeatedIndent(content, at, from, to) + content.slice(at + from.length);
  return {
    kind: 'planned',
    content: withOwnEndings(file, updated),
    line: lines[0] as number,
    replacements: lines.length,
    matched: ['exact'],
  };
}

function nearMissEdit(
  file: FileLines,
  oldText: string,
  newText: string,
  shown: string,
  via: MatchKind[],
): Attempt {
  if (!oldText.includes('\n')) {
    const found = findFragment(file.lines, oldText);
    if (found.kind === 'absent') return undefined;
    if (found.kind === 'ambiguous')
      return ambiguous(
        shown,
        found.lines.map((l) => l + 1),
        found.matcher,
        false,
      );
    const { line, start, end } = found.place;
    const original = file.lines[line] as string;
    if (newText !== '' && original.slice(0, start).trim() === '' && original.slice(end).trim() === '') {
      // The whole line: edit it as a one-line block, so a line the model kept keeps its bytes.
      return lineEdit(file, line, [oldText], newText, { ...found, reindents: true }, via);
    }
    let replacement = newText;
    // The match starts after the file's own surrounding whitespace; drop the model's from the replacement too.
    if (/^[ \t]/.test(oldText)) replacement = replacement.replace(/^[ \t]+/, '');
    if (/[ \t]$/.test(oldText)) replacement = replacement.replace(/[ \t]+$/, '');
    if (found.matcher === 'quotes' && hasLookAlikes(oldText) && !hasLookAlikes(original.slice(start, end)))
      replacement = asciiQuotes(replacement);
    const pieces = (original.slice(0, start) + replacement + original.slice(end)).split(/\r?\n/);
    const content = fromFileLines(spliceLines(file, line, 1, pieces));
    return { kind: 'planned', content, line: line + 1, replacements: 1, matched: [...via, found.matcher] };
  }
  const oldLines = modelLines(oldText);
  const found = findBlock(file.lines, oldLines);
  if (found.kind === 'absent') return undefined;
  if (found.kind === 'ambiguous')
    return ambiguous(
      shown,
      found.starts.map((s) => s + 1),
      found.matcher,
      false,
    );
  return lineEdit(file, found.start, oldLines, newText, found, via);
}

/** Replaces the lines at `start` that matched `oldLines`; kept lines keep the file's bytes. */
function lineEdit(
  file: FileLines,
  start: number,
  oldLines: string[],
  newText: string,
  found: { matcher: MatchKind; reindents: boolean },
  via: MatchKind[],
): EditPlan {
  const hunk = hunkBetween(oldLines, newText === '' ? [] : modelLines(newText));
  const adapt = adaptationFor(file, start, hunk, { reindents: found.reindents, quotes: true });
  const lines = replacementLines(file, start, hunk, adapt);
  const content = fromFileLines(spliceLines(file, start, oldLines.length, lines));
  const matched: MatchKind[] = [...via, found.matcher];
  if (adapt.reindent && found.matcher !== 'indentation') matched.push('indentation');
  return { kind: 'planned', content, line: start + 1, replacements: 1, matched };
}

const isBlankLine = (line: string) => line.trim() === '';

/**
 * `old_string` without the blank lines it starts or ends with (a model often takes one line too
 * many), with as many of the same blank lines dropped from `new_string`; both as whole lines, so
 * they are matched as a block. Undefined when there are none.
 */
function withoutBlankEdges(oldText: string, newText: string): { old: string; new: string } | undefined {
  const oldLines = modelLines(oldText);
  let lead = 0;
  while (lead < oldLines.length && isBlankLine(oldLines[lead] as string)) lead++;
  let trail = 0;
  while (trail < oldLines.length - lead && isBlankLine(oldLines.at(-1 - trail) as string)) trail++;
  if ((lead === 0 && trail === 0) || lead === oldLines.length) return undefined;
  const newLines = newText === '' ? [] : modelLines(newText);
  let from = 0;
  while (from < lead && from < newLines.length && isBlankLine(newLines[from] as string)) from++;
  let to = newLines.length;
  while (to > from && newLines.length - to < trail && isBlankLine(newLines[to - 1] as string)) to--;
  const kept = newLines.slice(from, to);
  return {
    old: `${oldLines.slice(lead, oldLines.length - trail).join('\n')}\n`,
    new: kept.length === 0 ? '' : `${kept.join('\n')}\n`,
  };
}

/** Plans replacing `oldText` by `newText` in `content`; `shown` names the file in messages. */
export function planEdit(
  content: string,
  oldText: string,
  newText: string,
  replaceAll: boolean,
  shown: string,
): EditPlan {
  const file = toFileLines(content);
  const exact = exactEdit(file, oldText, newText, replaceAll, shown);
  if (exact) return exact;
  if (replaceAll) {
    return {
      kind: 'failed',
      reason: 'absent',
      message: `old_string not found in ${shown}; replace_all needs the exact text. ${closestRegionHint(file.lines, modelLines(oldText))}`,
    };
  }
  const variants: { old: string; new: string; via: MatchKind[]; wholeLines?: boolean }[] = [
    { old: oldText, new: newText, via: [] },
  ];
  const stripped = stripLinePrefixes(oldText);
  if (stripped !== undefined)
    variants.push({ old: stripped, new: stripLinePrefixesLoosely(newText), via: ['line-numbers'] });
  // Several lines: only \$ and \` (there \n is more likely code than a slip).
  const undo = oldText.includes('\n') ? unescapeTemplate : unescapeOnce;
  const unescaped = undo(oldText);
  if (unescaped !== undefined)
    variants.push({ old: unescaped, new: undo(newText) ?? newText, via: ['escapes'] });
  const unpadded = withoutBlankEdges(oldText, newText);
  if (unpadded) variants.push({ ...unpadded, via: ['blank-lines'], wholeLines: true });
  for (const variant of variants) {
    if (variant.via.length > 0 && !variant.wholeLines) {
      const again = exactEdit(file, variant.old, variant.new, false, shown);
      if (again) return again.kind === 'planned' ? { ...again, matched: variant.via } : again;
    }
    const attempt = nearMissEdit(file, variant.old, variant.new, shown, variant.via);
    if (attempt) return attempt;
  }
  return {
    kind: 'failed',
    reason: 'absent',
    message: `old_string not found in ${shown}, even ignoring whitespace, indentation and quote differences. ${closestRegionHint(file.lines, modelLines(stripped ?? oldText))}`,
  };
}
