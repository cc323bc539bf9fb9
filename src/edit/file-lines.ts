/**
 * A text file as lines plus the conventions an edit must keep: each line's own ending (so a
 * mixed-ending file is not rewritten), the ending new lines get, the indentation character, and
 * whether the file ends with a newline.
 */
import { diffArrays } from 'diff';

/** A file split into lines; `endings[i]` is line i's terminator (`''` only for a last line without one). */
export interface FileLines {
  lines: string[];
  endings: string[];
  /** The ending most lines use; new lines get it. */
  eol: '\n' | '\r\n';
  /** The character most indented lines start with. */
  indentChar: '\t' | ' ';
}

/** Splits `text` into lines, remembering each ending and the file's conventions. */
export function toFileLines(text: string): FileLines {
  const lines: string[] = [];
  const endings: string[] = [];
  let crlf = 0;
  let lf = 0;
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) {
      lines.push(text.slice(start));
      endings.push('');
      break;
    }
    const isCrlf = nl > start && text[nl - 1] === '\r';
    lines.push(text.slice(start, isCrlf ? nl - 1 : nl));
    endings.push(isCrlf ? '\r\n' : '\n');
    if (isCrlf) crlf++;
    else lf++;
    start = nl + 1;
  }
  let tabs = 0;
  let spaces = 0;
  for (const line of lines) {
    if (line.startsWith('\t')) tabs++;
    else if (line.startsWith(' ')) spaces++;
  }
  return { lines, endings, eol: crlf > lf ? '\r\n' : '\n', indentChar: tabs > spaces ? '\t' : ' ' };
}

/** Joins lines back; a line without a recorded ending gets the file's `eol`, except a last line that had none. */
export function fromFileLines(file: FileLines): string {
  let out = '';
  for (let i = 0; i < file.lines.length; i++) out += file.lines[i] + (file.endings[i] ?? file.eol);
  return out;
}

/** Splits text the model wrote into lines (any ending); one trailing newline does not add an empty line. */
export function modelLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * The endings for `newLines` replacing `oldLines` (whose endings are `oldEndings`): a line kept
 * unchanged keeps its own ending, a line written over a removed one takes that one's ending, and an
 * added line takes its neighbour's (the line before it, `before` at the start), so a mixed-ending
 * file keeps each line's ending. A missing ending (a last line without one) is filled with `fallback`.
 */
export function endingsFor(
  oldLines: string[],
  oldEndings: string[],
  newLines: string[],
  fallback: string,
  before?: string,
): string[] {
  const ending = (i: number) => oldEndings[i] || fallback;
  const out: string[] = [];
  let oldAt = 0;
  let removed: string[] = [];
  for (const change of diffArrays(oldLines, newLines)) {
    const count = change.value.length;
    if (change.removed) {
      removed = Array.from({ length: count }, (_, i) => ending(oldAt + i));
      oldAt += count;
      continue;
    }
    if (change.added) {
      const neighbour =
        removed.at(-1) ??
        (oldAt > 0 ? ending(oldAt - 1) : before || (oldLines.length > 0 ? ending(0) : fallback));
      for (let i = 0; i < count; i++) out.push(removed[i] ?? neighbour);
    } else {
      for (let i = 0; i < count; i++) out.push(ending(oldAt + i));
      oldAt += count;
    }
    removed = [];
  }
  return out;
}

/**
 * Replaces `count` lines at `at` with `replacement`. Lines keep their own endings (see
 * {@link endingsFor}); whether the file ends with a newline is kept whatever lines moved to the end.
 */
export function spliceLines(file: FileLines, at: number, count: number, replacement: string[]): FileLines {
  const newEndings = endingsFor(
    file.lines.slice(at, at + count),
    file.endings.slice(at, at + count),
    replacement,
    file.eol,
    at > 0 ? file.endings[at - 1] : undefined,
  );
  const lines = [...file.lines.slice(0, at), ...replacement, ...file.lines.slice(at + count)];
  const endings = [...file.endings.slice(0, at), ...newEndings, ...file.endings.slice(at + count)];
  const hadFinalNewline = file.lines.length === 0 || file.endings.at(-1) !== '';
  for (let i = 0; i < endings.length - 1; i++) if (endings[i] === '') endings[i] = file.eol;
  if (endings.length > 0) endings[endings.length - 1] = hadFinalNewline ? endings.at(-1) || file.eol : '';
  return { ...file, lines, endings };
}

/**
 * `text` rewritten as `updated` says, where both are in LF form (see {@link lfText}): lines the
 * change did not touch keep their bytes and endings, changed lines keep the endings of the lines
 * they replace. Only the lines between the common head and tail are compared.
 */
export function withOwnEndings(file: FileLines, updated: string): string {
  const next = updated.split('\n');
  const finalNewline = next.length > 1 && next.at(-1) === '';
  if (finalNewline) next.pop();
  let head = 0;
  while (head < file.lines.length && head < next.length && file.lines[head] === next[head]) head++;
  let tail = 0;
  while (
    tail < file.lines.length - head &&
    tail < next.length - head &&
    file.lines[file.lines.length - 1 - tail] === next[next.length - 1 - tail]
  )
    tail++;
  const spliced = spliceLines(
    file,
    head,
    file.lines.length - head - tail,
    next.slice(head, next.length - tail),
  );
  const last = spliced.endings.length - 1;
  if (last >= 0) {
    const hadFinalNewline = file.endings.at(-1) !== '';
    if (!finalNewline) spliced.endings[last] = '';
    else if (!hadFinalNewline || spliced.endings[last] === '') spliced.endings[last] = file.eol;
  }
  return fromFileLines(spliced);
}

/** The file's text with every ending written as `\n`, so what the model wrote can be matched whatever the endings. */
export function lfText(file: FileLines): string {
  const body = file.lines.join('\n');
  return file.lines.length > 0 && file.endings.at(-1) !== '' ? `${body}\n` : body;
}
