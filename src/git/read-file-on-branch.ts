/**
 * Reads a file as it is on a branch of the remote, not in the working tree. Repository
 * instructions (`AGENTS.md`) go into the system prompt as trusted guidance, so they must come
 * from the branch the maintainers control, never from a PR head or an earlier agent branch that
 * a hostile model or contributor could have written.
 */
import type { GitCommandManager } from './git-command-manager.js';

/** The file's text on `branch`, or undefined when the branch or the file does not exist. */
export async function readFileOnBranch(
  git: GitCommandManager,
  remoteUrl: string,
  branch: string,
  filePath: string,
): Promise<string | undefined> {
  const fetched = await git.exec(
    ['fetch', '--no-tags', '--no-recurse-submodules', '--depth=1', remoteUrl, `refs/heads/${branch}`],
    { allowAllExitCodes: true },
  );
  if (fetched.exitCode !== 0) return undefined;
  const shown = await git.exec(['show', `FETCH_HEAD:${filePath}`], { allowAllExitCodes: true });
  return shown.exitCode === 0 ? shown.stdout : undefined;
}
