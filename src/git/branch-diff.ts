/**
 * A local branch's change against its base, as a pull request would show it: the files changed
 * between the merge base and the head (GitHub's three-dot diff), each with its status, line counts
 * and the patch's hunks in the `patch` form of `GET /pulls/{n}/files`, so the review's diff lines,
 * grounding and task read it exactly as they read a pull request's. Binary files have no patch.
 */
import type { ChangedFile } from '../github/diff-lines.js';
import type { GitCommandManager } from './git-command-manager.js';

/** The change from `baseSha` to `headSha`, one entry per file in git's order. */
export async function branchDiff(
  git: GitCommandManager,
  baseSha: string,
  headSha: string,
): Promise<ChangedFile[]> {
  const { stdout } = await git.exec([
    '-c',
    'core.quotePath=false',
    'diff',
    '--no-color',
    '--no-ext-diff',
    '--find-renames',
    '--unified=3',
    baseSha,
    headSha,
  ]);
  return splitDiff(stdout);
}

/** Parses `git diff` output into the files API's shape. */
export function splitDiff(diff: string): ChangedFile[] {
  const blocks = diff.split(/^(?=diff --git )/m).filter((block) => block.startsWith('diff --git '));
  return blocks.map((block) => {
    const lines = block.split('\n');
    const hunkStart = lines.findIndex((line) => line.startsWith('@@'));
    const header = hunkStart === -1 ? lines : lines.slice(0, hunkStart);
    const pathOf = (prefix: string) =>
      header
        .find((line) => line.startsWith(prefix))
        ?.slice(prefix.length)
        .replace(/\t$/, '');
    const renamed = pathOf('rename to ');
    const filename = renamed ?? pathOf('+++ b/') ?? pathOf('--- a/') ?? headerPath(lines[0] ?? '');
    const status = header.some((l) => l.startsWith('new file mode'))
      ? 'added'
      : header.some((l) => l.startsWith('deleted file mode'))
        ? 'removed'
        : renamed
          ? 'renamed'
          : 'modified';
    const hunks = hunkStart === -1 ? [] : lines.slice(hunkStart);
    while (hunks.length > 0 && hunks.at(-1) === '') hunks.pop();
    const count = (sign: string) => hunks.filter((l) => l.startsWith(sign)).length;
    return {
      filename,
      status,
      additions: count('+'),
      deletions: count('-'),
      ...(hunks.length > 0 ? { patch: hunks.join('\n') } : {}),
    };
  });
}

/** `diff --git a/x b/x` → `x` (a file whose header names no `+++`/`---`, e.g. a mode change). */
function headerPath(line: string): string {
  const match = /^diff --git a\/(.*) b\/(.*)$/.exec(line);
  return match?.[2] ?? line;
}
