/**
 * A text file as lines plus the conventions an edit must keep: each line's own ending (so a
 * mixed-ending file is not rewritten), the ending new lines get, the indentation character, and
 * whether the file ends with a newline.
 */

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
 * Replaces `count` lines at `at` with `replacement`. New lines get the file's ending; the last
 * replacement line takes the ending of the last replaced line, and whether the file ends with a
 * newline is kept whatever lines moved to the end.
 */
export function spliceLines(file: FileLines, at: number, count: number, replacement: string[]): FileLines {
  const lastEnding = count > 0 ? file.endings[at + count - 1] : undefined;
  const newEndings = replacement.map((): string => file.eol);
  if (lastEnding && newEndings.length > 0) newEndings[newEndings.length - 1] = lastEnding;
  const lines = [...file.lines.slice(0, at), ...replacement, ...file.lines.slice(at + count)];
  const endings = [...file.endings.slice(0, at), ...newEndings, ...file.endings.slice(at + count)];
  const hadFinalNewline = file.lines.length === 0 || file.endings.at(-1) !== '';
  for (let i = 0; i < endings.length - 1; i++) if (endings[i] === '') endings[i] = file.eol;
  if (endings.length > 0) endings[endings.length - 1] = hadFinalNewline ? endings.at(-1) || file.eol : '';
  return { ...file, lines, endings };
}
