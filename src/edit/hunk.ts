/**
 * Applies a hunk (context, removed and added lines) where its old side was found. Context lines
 * keep the file's own bytes, so a near miss in them never churns the file; only added lines come
 * from the model, re-indented to the file's style when the match had to ignore indentation.
 */
import { diffArrays } from 'diff';
import type { FileLines } from './file-lines.js';
import {
  fileIndentStep,
  indentShape,
  indentWidth,
  leadingWhitespace,
  type Reindent,
  reindentLine,
} from './indentation.js';
import { asciiQuotes, hasLookAlikes } from './normalize.js';

/** One line of a hunk: kept (`' '`), removed (`'-'`) or added (`'+'`). */
export interface HunkLine {
  op: ' ' | '-' | '+';
  text: string;
}

/** The lines a hunk expects to find (context and removed). */
export const oldSide = (hunk: HunkLine[]) => hunk.filter((l) => l.op !== '+').map((l) => l.text);
/** The lines a hunk leaves (context and added). */
export const newSide = (hunk: HunkLine[]) => hunk.filter((l) => l.op !== '-').map((l) => l.text);

/** The hunk that turns `oldLines` into `newLines`: equal lines are context, the rest removed or added. */
export function hunkBetween(oldLines: string[], newLines: string[]): HunkLine[] {
  const hunk: HunkLine[] = [];
  for (const change of diffArrays(oldLines, newLines)) {
    const op = change.added ? '+' : change.removed ? '-' : ' ';
    for (const text of change.value) hunk.push({ op, text });
  }
  return hunk;
}

/** How the matched window differs from what the model wrote, and so how added lines must be adapted. */
export interface Adaptation {
  reindent?: Reindent;
  asciiQuotes: boolean;
  /** The model added trailing whitespace the file's lines do not have: drop it from added lines too. */
  trimTrailing: boolean;
  /**
   * The model wrote every line flat, so its indentation says nothing: an added line takes the
   * indentation of the file line it follows (or replaces).
   */
  followFile?: boolean;
}

const isFlat = (lines: string[]) => {
  const widths = lines.filter((l) => l.trim() !== '').map((l) => leadingWhitespace(l));
  return widths.every((w) => w === widths[0]);
};

/** Works out how to adapt added lines to the window the old side matched. */
export function adaptationFor(
  file: FileLines,
  start: number,
  hunk: HunkLine[],
  options: { reindents: boolean; quotes: boolean },
): Adaptation {
  const old = oldSide(hunk);
  const window = file.lines.slice(start, start + old.length);
  const quotes = options.quotes && old.some(hasLookAlikes) && !window.some(hasLookAlikes);
  const trailing = (l: string) => /[ \t]$/.test(l);
  const trimTrailing = old.some(trailing) && !window.some(trailing);
  if (
    !options.reindents ||
    window.every((l, i) => leadingWhitespace(l) === leadingWhitespace(old[i] ?? ''))
  ) {
    return { asciiQuotes: quotes, trimTrailing };
  }
  const written = newSide(hunk);
  const oldBase = indentShape(old).base;
  const windowBase = indentShape(window).base;
  const writtenBase = indentShape(written).base;
  if (written.some((l) => l.trim() !== '') && oldBase !== windowBase && writtenBase === windowBase) {
    // Only old_string lost (or gained) indentation; new_string is already at the file's: keep it.
    return { asciiQuotes: quotes, trimTrailing };
  }
  if (isFlat(old) && isFlat(written) && !isFlat(window)) {
    return { asciiQuotes: quotes, trimTrailing, followFile: true };
  }
  let model = indentShape(old);
  let shape = indentShape(window);
  if (model.step === 0 || shape.step === 0) {
    model = { base: model.base, step: indentShape([...old, ...newSide(hunk)]).step };
    shape = { base: shape.base, step: fileIndentStep(file.lines, file.indentChar) };
  }
  const indented = window.find((l) => /^[ \t]/.test(l));
  const indentChar = indented ? (indented[0] as '\t' | ' ') : file.indentChar;
  return { asciiQuotes: quotes, trimTrailing, reindent: { model, file: shape, indentChar } };
}

/** The lines that replace the matched window. */
export function replacementLines(
  file: FileLines,
  start: number,
  hunk: HunkLine[],
  adapt: Adaptation,
): string[] {
  const out: string[] = [];
  let at = start;
  for (const line of hunk) {
    if (line.op === ' ') out.push(file.lines[at++] as string);
    else if (line.op === '-') at++;
    else {
      let text = adapt.reindent ? reindentLine(line.text, adapt.reindent) : line.text;
      if (adapt.followFile) text = followIndentation(file, start, at, line.text);
      if (adapt.asciiQuotes) text = asciiQuotes(text);
      if (adapt.trimTrailing) text = text.trimEnd();
      out.push(text);
    }
  }
  return out;
}

/**
 * `text` indented like the file lines around where it goes: the deeper of the nearest non-blank
 * window line before it and the one after it (a line added under `if x:` goes in its body).
 */
function followIndentation(file: FileLines, start: number, at: number, text: string): string {
  if (text.trim() === '') return '';
  const nonBlank = (from: number, step: number, stop: number) => {
    for (let i = from; step < 0 ? i >= stop : i < stop; i += step)
      if ((file.lines[i] ?? '').trim() !== '') return file.lines[i] as string;
    return undefined;
  };
  const before = at > start ? nonBlank(at - 1, -1, start) : undefined;
  const after = nonBlank(at, 1, file.lines.length);
  const candidates = [before, after].filter((l): l is string => l !== undefined).map(leadingWhitespace);
  const deeper = candidates.reduce((a, b) => (indentWidth(b) > indentWidth(a) ? b : a), candidates[0] ?? '');
  return deeper + text.trimStart();
}
