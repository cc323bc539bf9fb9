/**
 * How a patch is shown in a review thread when it cannot be pushed (a fork's pull request): as a
 * GitHub suggestion — which the author applies with one click — when the change stays within the
 * commented lines, otherwise as a diff. A suggestion replaces exactly the commented lines of the
 * pull request's version of the file (the RIGHT side), so the change may delete or rewrite those
 * lines and add lines right before or after them, and nothing else.
 *
 * The diff is `git diff <pr-head>` in the checkout, so its old side is the RIGHT side of the
 * pull request and its old line numbers are the comment's line numbers.
 */
import { REPLY_DIFF_CHARS } from '../limits.js';

/** Where the review comment sits. */
export interface SuggestionTarget {
  path: string;
  /** First line of a multi-line comment; null for one line. */
  startLine: number | null;
  /** Last (or only) commented line; null for outdated or file-level comments. */
  line: number | null;
  side: 'LEFT' | 'RIGHT';
}

export type ReviewPatch =
  | { kind: 'none' }
  | { kind: 'suggestion'; replacement: string[]; markdown: string }
  | { kind: 'diff'; reason: string; markdown: string };

interface Hunk {
  /** First old line the hunk covers; for a pure insertion (`-5,0`), the line it follows. */
  oldStart: number;
  oldCount: number;
  lines: string[];
}

interface FileDiff {
  oldPath: string | null;
  newPath: string | null;
  /** Binary, mode-only or rename/copy headers: nothing a suggestion can carry. */
  special: boolean;
  hunks: Hunk[];
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@/;

function stripPrefix(path: string): string | null {
  if (path === '/dev/null') return null;
  return path.replace(/^"?[ab]\//, '').replace(/"$/, '');
}

/** Parses `git diff` output into files and hunks (only what deciding a suggestion needs). */
export function parseUnifiedDiff(diff: string): FileDiff[] {
  const files: FileDiff[] = [];
  let file: FileDiff | undefined;
  let hunk: Hunk | undefined;
  for (const line of diff.split('\n')) {
    if (line.startsWith('diff --git ')) {
      file = { oldPath: null, newPath: null, special: false, hunks: [] };
      files.push(file);
      hunk = undefined;
      continue;
    }
    if (!file) continue;
    const header = HUNK_HEADER.exec(line);
    if (header) {
      hunk = { oldStart: Number(header[1]), oldCount: Number(header[2] ?? 1), lines: [] };
      file.hunks.push(hunk);
    } else if (hunk && /^[ +\-\\]/.test(line)) {
      hunk.lines.push(line);
    } else if (line.startsWith('--- ')) {
      file.oldPath = stripPrefix(line.slice(4));
    } else if (line.startsWith('+++ ')) {
      file.newPath = stripPrefix(line.slice(4));
    } else if (/^(Binary files|GIT binary patch|rename |copy |old mode|new mode|similarity )/.test(line)) {
      file.special = true;
    }
  }
  return files;
}

function fenceFor(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

/** A ```suggestion block replacing the commented lines with `replacement`. */
export function renderSuggestion(replacement: string[]): string {
  const body = replacement.join('\n');
  const fence = fenceFor(body);
  return `${fence}suggestion\n${body}${replacement.length > 0 ? '\n' : ''}${fence}`;
}

/** A ```diff block, cut to `maxChars` at a line end. */
export function renderDiffBlock(diff: string, maxChars = REPLY_DIFF_CHARS): string {
  let text = diff.replace(/\n+$/, '');
  let note = '';
  if (text.length > maxChars) {
    const end = text.lastIndexOf('\n', maxChars);
    note = `\n\n_The patch is cut here; ${text.length - (end > 0 ? end : maxChars)} more characters are in the run's transcript._`;
    text = text.slice(0, end > 0 ? end : maxChars);
  }
  const fence = fenceFor(text);
  return `${fence}diff\n${text}\n${fence}${note}`;
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * Why `file`'s change cannot be a suggestion on `target`, or the replacement lines if it can.
 * `oldText` is the file at the pull request head (lines the hunks do not show come from it).
 */
function suggestionFor(
  file: FileDiff,
  target: SuggestionTarget & { line: number },
  oldText: string,
): { kind: 'suggestion'; replacement: string[] } | { kind: 'no-suggestion'; reason: string } {
  const start = target.startLine ?? target.line;
  const end = target.line;
  const old = splitLines(oldText);
  if (end > old.length || start < 1 || start > end)
    return { kind: 'no-suggestion', reason: 'the commented lines are not in the file' };
  const deleted = new Set<number>();
  const insertedBefore = new Map<number, string[]>();
  for (const hunk of file.hunks) {
    let pos = hunk.oldCount === 0 ? hunk.oldStart + 1 : hunk.oldStart;
    let previous = ' ';
    for (const line of hunk.lines) {
      const text = line.slice(1);
      if (line.startsWith('\\')) {
        // After a context line the missing newline is on both sides; after a change it is not
        // something a suggestion can express.
        if (previous !== ' ')
          return { kind: 'no-suggestion', reason: 'the change touches the end-of-file newline' };
        continue;
      }
      previous = line[0] ?? ' ';
      if (line.startsWith('+')) {
        if (pos < start || pos > end + 1)
          return { kind: 'no-suggestion', reason: 'the change adds lines outside the commented lines' };
        insertedBefore.set(pos, [...(insertedBefore.get(pos) ?? []), text]);
        continue;
      }
      // Context and removed lines must match the file, or the diff is not against this version.
      if (old[pos - 1] !== text)
        return { kind: 'no-suggestion', reason: 'the patch does not match the commented version' };
      if (line.startsWith('-')) {
        if (pos < start || pos > end)
          return { kind: 'no-suggestion', reason: 'the change removes lines outside the commented lines' };
        deleted.add(pos);
      }
      pos++;
    }
  }
  const replacement: string[] = [];
  for (let pos = start; pos <= end + 1; pos++) {
    replacement.push(...(insertedBefore.get(pos) ?? []));
    if (pos <= end && !deleted.has(pos)) replacement.push(old[pos - 1] ?? '');
  }
  return { kind: 'suggestion', replacement };
}

/**
 * Decides how to show `diff` in the thread of a comment on `target`; `oldText` is the commented
 * file at the pull request head (omit it to force a diff).
 */
export function presentThreadReplyPatch(
  diff: string,
  target: SuggestionTarget,
  oldText?: string,
): ReviewPatch {
  const files = parseUnifiedDiff(diff).filter((f) => f.special || f.hunks.length > 0);
  if (files.length === 0) return { kind: 'none' };
  const asDiff = (reason: string): ReviewPatch => ({ kind: 'diff', reason, markdown: renderDiffBlock(diff) });
  const [only] = files;
  if (files.length > 1 || !only) return asDiff('the change touches more than one file');
  if (only.special || only.oldPath !== target.path || only.newPath !== target.path) {
    return asDiff(
      only.oldPath === target.path || only.newPath === target.path
        ? 'the change renames, creates, deletes or re-modes the file'
        : 'the change is in another file than the commented one',
    );
  }
  if (target.side !== 'RIGHT') return asDiff('the comment is on the base version of the file');
  if (target.line === null) return asDiff('the comment is not on a current line');
  if (oldText === undefined) return asDiff('the commented version of the file is not available');
  const result = suggestionFor(only, { ...target, line: target.line }, oldText);
  if (result.kind === 'no-suggestion') return asDiff(result.reason);
  return {
    kind: 'suggestion',
    replacement: result.replacement,
    markdown: renderSuggestion(result.replacement),
  };
}
