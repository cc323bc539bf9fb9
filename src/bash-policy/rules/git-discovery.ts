/**
 * Which repository a git command would open. git looks for it from the folder it runs in up to
 * the file-system root: the first folder holding `.git` (a folder, or a file redirecting with
 * `gitdir: …`), or that itself looks like a bare repository (`HEAD` with `objects/` or `refs/`),
 * wins, and that repository's `config` can name programs git runs (`core.fsmonitor`,
 * `core.pager`, diff drivers). A workspace folder holding such a thing would hand agent-run git
 * to a configuration the repository's author wrote, so git is allowed only where discovery
 * reaches the workspace's own `.git` folder first.
 */
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { type Denial, deny } from '../denial.js';
import { inside } from '../paths.js';

function kind(p: string): 'file' | 'dir' | 'other' | undefined {
  try {
    const stat = lstatSync(p);
    return stat.isDirectory() ? 'dir' : stat.isFile() ? 'file' : 'other';
  } catch {
    return undefined;
  }
}

/** True when `dir` would be taken by git for a (bare) repository of its own. */
function looksLikeGitDir(dir: string): boolean {
  if (kind(path.join(dir, 'HEAD')) === undefined) return false;
  return ['objects', 'refs', 'commondir', 'config'].some((name) => kind(path.join(dir, name)) !== undefined);
}

/** The refusal when git run in any of `cwds` would open a repository other than the workspace's. */
export function discoveryDenial(cwds: readonly string[], workspace: string): Denial | undefined {
  for (const cwd of cwds) {
    if (!inside(cwd, workspace)) continue; // outside paths are refused by the path rules
    for (let dir = cwd; ; dir = path.dirname(dir)) {
      const dotGit = kind(path.join(dir, '.git'));
      if (dir === workspace) {
        if (dotGit === 'dir') break;
        return deny(
          'git-discovery',
          "The workspace's `.git` is not a repository folder (a `gitdir:` file redirects git), so git would read a configuration the policy cannot vouch for.",
        );
      }
      if (dotGit !== undefined || looksLikeGitDir(dir)) {
        return deny(
          'git-discovery',
          `\`${path.relative(workspace, dir)}\` holds a \`.git\` or looks like a bare repository, so git run there would use its configuration (which can name programs git runs). Run git from the workspace root with paths instead.`,
        );
      }
    }
  }
  return undefined;
}
