/**
 * The local checkout the runner works on: it must be a git work tree with at least one commit and
 * no uncommitted changes, because everything the agent changes is committed on a new branch.
 */
import { realpathSync } from 'node:fs';
import type { GitCommandManager } from '../git/git-command-manager.js';
import { CliError } from './cli-error.js';

export interface LocalRepository {
  /** Top of the work tree (the workspace the tools are confined to). */
  root: string;
  /** The commit the run starts from. */
  startSha: string;
  /** Branch checked out when the run started (undefined when HEAD is detached). */
  startBranch: string | undefined;
}

/** Checks `git.cwd` and describes it; each failure is a one-line {@link CliError} naming the fix. */
export async function inspectRepository(git: GitCommandManager): Promise<LocalRepository> {
  const top = await git
    .exec(['rev-parse', '--show-toplevel'], { allowAllExitCodes: true })
    .catch(() => undefined);
  if (top?.exitCode !== 0) {
    throw new CliError(
      `--repo ${git.cwd} is not a git checkout: run "git init && git add -A && git commit -m init" there, or point --repo at a clone`,
    );
  }
  const root = top.stdout.trim();
  if (realpathSync(root) !== realpathSync(git.cwd)) {
    // Working on the enclosing repository would let the agent edit far more than was meant.
    throw new CliError(
      `--repo ${git.cwd} is a folder inside the git checkout ${root}: pass --repo ${root}, or copy the folder elsewhere and git init it`,
    );
  }
  const head = await git.exec(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], {
    allowAllExitCodes: true,
  });
  if (head.exitCode !== 0) {
    throw new CliError(
      `--repo ${git.cwd} has no commits yet: commit its files first (git add -A && git commit -m init)`,
    );
  }
  const status = await git.exec(['status', '--porcelain', '--untracked-files=all']);
  if (status.stdout.trim() !== '') {
    throw new CliError(
      `--repo ${git.cwd} has uncommitted changes: commit or stash them first (the agent's changes are committed on a new branch)`,
    );
  }
  const branch = await git.exec(['symbolic-ref', '--quiet', '--short', 'HEAD'], { allowAllExitCodes: true });
  return {
    root,
    startSha: head.stdout.trim(),
    startBranch: branch.exitCode === 0 ? branch.stdout.trim() : undefined,
  };
}
