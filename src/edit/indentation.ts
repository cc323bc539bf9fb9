/**
 * Indentation as levels, so a block written with two spaces can be matched against one indented
 * with tabs or four spaces, and the replacement re-indented in the file's own style.
 */

/** Columns a tab counts for when comparing tab and space indentation. */
export const TAB_COLUMNS = 4;

/** The leading whitespace of `line`. */
export function leadingWhitespace(line: string): string {
  return /^[ \t]*/.exec(line)?.[0] ?? '';
}

/** Indentation width in columns. */
export function indentWidth(line: string): number {
  let width = 0;
  for (const c of leadingWhitespace(line)) width += c === '\t' ? TAB_COLUMNS : 1;
  return width;
}

const isBlank = (line: string) => line.trim() === '';

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** How a block indents: its smallest width and the step between levels (0 when flat). */
export interface IndentShape {
  base: number;
  step: number;
}

/** The shape of the non-blank lines of `lines`. */
export function indentShape(lines: string[]): IndentShape {
  const widths = lines.filter((l) => !isBlank(l)).map(indentWidth);
  if (widths.length === 0) return { base: 0, step: 0 };
  const base = Math.min(...widths);
  const step = widths.reduce((g, w) => gcd(g, w - base), 0);
  return { base, step };
}

/** Indentation levels of the non-blank lines relative to the block's base (blank lines: -1). */
export function indentLevels(lines: string[], shape: IndentShape): number[] {
  return lines.map((l) =>
    isBlank(l) ? -1 : shape.step === 0 ? 0 : (indentWidth(l) - shape.base) / shape.step,
  );
}

/** The indentation step a whole file uses, for blocks too flat to show it (defaults to 4 columns). */
export function fileIndentStep(lines: string[], indentChar: '\t' | ' '): number {
  if (indentChar === '\t') return TAB_COLUMNS;
  const counts = new Map<number, number>();
  let previous = 0;
  for (const line of lines) {
    if (isBlank(line)) continue;
    const width = indentWidth(line);
    const delta = Math.abs(width - previous);
    if (delta > 0 && delta <= 8) counts.set(delta, (counts.get(delta) ?? 0) + 1);
    previous = width;
  }
  let best = 4;
  let bestCount = 0;
  for (const [delta, count] of counts) if (count > bestCount) [best, bestCount] = [delta, count];
  return best;
}

/** Indentation of `width` columns in the file's character. */
export function indentString(width: number, indentChar: '\t' | ' '): string {
  const w = Math.max(0, Math.round(width));
  if (indentChar === ' ') return ' '.repeat(w);
  return '\t'.repeat(Math.floor(w / TAB_COLUMNS)) + ' '.repeat(w % TAB_COLUMNS);
}

/** Maps lines written in the model's indentation onto the file's. */
export interface Reindent {
  model: IndentShape;
  file: IndentShape;
  indentChar: '\t' | ' ';
}

/** `line` re-indented: its level under the model's shape, written at the same level in the file's. */
export function reindentLine(line: string, r: Reindent): string {
  if (isBlank(line)) return '';
  const level = r.model.step === 0 ? 0 : (indentWidth(line) - r.model.base) / r.model.step;
  const width = r.file.base + level * r.file.step;
  return indentString(width, r.indentChar) + line.slice(leadingWhitespace(line).length);
}
