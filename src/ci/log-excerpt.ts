/**
 * Cuts a GitHub Actions job log down to the part that explains the failure. Logs arrive with a
 * timestamp on every line, ANSI colours and `##[group]` markers around each step; what a fixer
 * needs is the failing step's output: its error lines with some context and its last lines.
 */
import { LOG_CONTEXT_LINES, LOG_TAIL_LINES } from '../limits.js';

const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[@-_]/g;
const TIMESTAMP = /^\uFEFF?\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/;
const ERROR_LINE =
  /##\[error\]|\b(error|errors|failed|failure|fail|failing|exception|traceback|panic|assert(ion)?|expected|not ok|cannot|undefined reference)\b|✗|✖|×/i;

/** Strips ANSI codes and the per-line timestamps; normalises line endings. */
export function cleanLog(raw: string): string[] {
  return raw
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(TIMESTAMP, '').replace(ANSI, ''));
}

interface Section {
  title: string;
  lines: string[];
}

/** Splits at each step's `##[group]Run …` header; lines before the first header form their own section. */
function sections(lines: string[]): Section[] {
  const out: Section[] = [{ title: '', lines: [] }];
  for (const line of lines) {
    const match = /^##\[group\](Run .*)$/.exec(line);
    if (match) out.push({ title: match[1] ?? '', lines: [] });
    out.at(-1)?.lines.push(line);
  }
  return out.filter((s) => s.lines.length > 0);
}

/** Indices of error lines, each widened by `context` lines either side, merged. */
function interesting(lines: string[], context: number): Set<number> {
  const keep = new Set<number>();
  lines.forEach((line, i) => {
    if (!ERROR_LINE.test(line)) return;
    for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j++) keep.add(j);
  });
  return keep;
}

export interface ExcerptOptions {
  /** Characters at most in the excerpt. */
  maxChars: number;
  /** Lines kept from the end of the failing step in any case. */
  tailLines?: number;
  context?: number;
}

/**
 * The explaining part of one job log: the failing step (the last section with an `##[error]`, or
 * else the last section), its error lines with context and its tail, within `maxChars`.
 */
export function excerptLog(raw: string, options: ExcerptOptions): string {
  const all = sections(cleanLog(raw));
  const failing = [...all].reverse().find((s) => s.lines.some((l) => l.includes('##[error]'))) ?? all.at(-1);
  if (!failing) return '';
  const lines = failing.lines.filter((l) => !/^##\[(group|endgroup)\]/.test(l) || l === failing.lines[0]);
  const keep = interesting(lines, options.context ?? LOG_CONTEXT_LINES);
  const tail = options.tailLines ?? LOG_TAIL_LINES;
  for (let i = Math.max(0, lines.length - tail); i < lines.length; i++) keep.add(i);
  keep.add(0);
  const picked: string[] = [];
  let last = -1;
  for (const i of [...keep].sort((a, b) => a - b)) {
    if (last !== -1 && i > last + 1) picked.push(`… (${i - last - 1} lines omitted)`);
    picked.push(lines[i] ?? '');
    last = i;
  }
  return capMiddle(picked.join('\n').replace(/^##\[group\]/, ''), options.maxChars);
}

/** Keeps the head and the tail (where the verdict usually is) when text is longer than `max`. */
export function capMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const marker = '\n… (cut) …\n';
  const head = Math.floor((max - marker.length) / 3);
  const tail = max - marker.length - head;
  return text.slice(0, head) + marker + text.slice(text.length - tail);
}
