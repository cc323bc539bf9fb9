/**
 * The changed files of a pull request as the reviewer reads them, within a character budget: each
 * file's patch in full where it fits, and for the rest (large diffs, binary files, what is left
 * when the budget runs out) one line with its size and a pointer to read the file instead.
 * Small diffs go first so one huge file cannot crowd out the many small ones. Pure.
 */

import type { ChangedFile } from '../github/diff-lines.js';
import { DIFF_BUDGET_CHARS, MAX_LISTED_FILES } from '../limits.js';

/** Characters kept back for each file's summary line. */
const SUMMARY_RESERVE = 160;

function header(file: ChangedFile): string {
  return `### ${file.filename} (${file.status}, +${file.additions} −${file.deletions})`;
}

function summary(file: ChangedFile, why: string): string {
  return `${header(file)}\n${why}; read it with read_file (the head is checked out).`;
}

/** Renders the files within `budget` characters (a little more when there are very many files). */
export function fitDiff(all: readonly ChangedFile[], budget = DIFF_BUDGET_CHARS): string {
  if (all.length === 0) return 'No changed files.';
  const files = all.slice(0, MAX_LISTED_FILES);
  const order = files
    .map((file, index) => ({ file, index, size: file.patch?.length ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.size - b.size);
  const shown = new Map<number, string>();
  let left = budget - SUMMARY_RESERVE * files.length;
  for (const { file, index } of order) {
    if (!file.patch) {
      shown.set(index, summary(file, 'No patch (binary, or too large for GitHub to show)'));
      continue;
    }
    const block = `${header(file)}\n\`\`\`diff\n${file.patch}\n\`\`\``;
    // The summary's reserve is given back when the whole patch is shown instead.
    if (block.length <= left + SUMMARY_RESERVE) {
      shown.set(index, block);
      left -= block.length - SUMMARY_RESERVE;
    } else {
      const lines = file.patch.split('\n').length;
      shown.set(index, summary(file, `Diff of ${lines} lines not shown (over the budget)`));
    }
  }
  const rest = all.length - files.length;
  const more =
    rest > 0 ? [`… and ${rest} more changed files, not listed; find them with glob and grep.`] : [];
  return [...files.map((_, index) => shown.get(index)), ...more].join('\n\n');
}
