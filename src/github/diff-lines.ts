/**
 * Which lines of a pull request's new version GitHub accepts review comments on: the added and
 * context lines of each file's patch hunks (the `RIGHT` side), and whether a range lies in or next
 * to a hunk (what a finding must do to be posted). Patches are the `patch` fields of
 * `GET /pulls/{n}/files` or of a comparison, parsed with jsdiff; a file without one (binary, too
 * large) has no lines.
 */
import { parsePatch } from 'diff';

/** One changed file as the files API lists it. */
export interface ChangedFile {
  filename: string;
  status: string;
  additions: number;
  deletions: number;
  /** Absent for binary files and diffs GitHub will not show. */
  patch?: string | undefined;
}

/** Where a line sits in the diff. */
export interface DiffLine {
  /** Index of the hunk: a multi-line comment must start and end in the same one. */
  hunk: number;
  /** The line's text in the new version. */
  content: string;
  /** True for an added line, false for context. */
  added: boolean;
}

/** The commentable lines of every changed file. */
export interface DiffLines {
  line(path: string, line: number): DiffLine | undefined;
  /** Paths with a patch, in the files API's order. */
  paths(): string[];
  /**
   * Whether `first..last` lies in a hunk of `path` or within `slack` lines of one. A changed file
   * without a patch (binary, too large to show) counts as changed throughout.
   */
  near(path: string, first: number, last: number, slack: number): boolean;
}

/** Maps each file's new-side line numbers to their hunk and text. */
export function diffLines(files: readonly ChangedFile[]): DiffLines {
  const byPath = new Map<string, Map<number, DiffLine>>();
  const ranges = new Map<string, [number, number][]>();
  const unshown = new Set<string>();
  for (const file of files) {
    if (!file.patch) {
      if (file.status !== 'removed') unshown.add(file.filename);
      continue;
    }
    const lines = new Map<number, DiffLine>();
    const [parsed] = parsePatch(file.patch);
    ranges.set(
      file.filename,
      (parsed?.hunks ?? []).map((h) => [h.newStart, h.newStart + Math.max(h.newLines, 1) - 1]),
    );
    for (const [hunk, h] of (parsed?.hunks ?? []).entries()) {
      let number = h.newStart;
      for (const text of h.lines) {
        const marker = text[0];
        if (marker === '+' || marker === ' ') {
          lines.set(number, { hunk, content: text.slice(1), added: marker === '+' });
          number++;
        }
      }
    }
    byPath.set(file.filename, lines);
  }
  return {
    line: (path, line) => byPath.get(path)?.get(line),
    paths: () => [...byPath.keys()],
    near: (path, first, last, slack) =>
      unshown.has(path) ||
      (ranges.get(path) ?? []).some(([start, end]) => first <= end + slack && last >= start - slack),
  };
}

/** The commented line's text from a review comment's `diff_hunk`, which ends at that line. */
export function lastHunkLine(diffHunk: string): string | undefined {
  const last = diffHunk.replace(/\n+$/, '').split('\n').pop();
  if (last === undefined || last.startsWith('@@') || last.startsWith('\\')) return undefined;
  return last.slice(1);
}
