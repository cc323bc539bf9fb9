/**
 * A file's text as it is in one commit, read from git's object store rather than the working
 * tree: what a review checks its findings against is exactly the commit it reviewed, and a blob
 * is read as bytes, so a symlink in the head is never followed out of the repository.
 */
import type { GitCommandManager } from './git-command-manager.js';

/** The file's text at `sha`, or undefined when there is no such file (or it is not a file). */
export async function readFileAtCommit(
  git: GitCommandManager,
  sha: string,
  filePath: string,
): Promise<string | undefined> {
  const shown = await git.exec(['cat-file', 'blob', `${sha}:${filePath}`], { allowAllExitCodes: true });
  return shown.exitCode === 0 ? shown.stdout : undefined;
}
