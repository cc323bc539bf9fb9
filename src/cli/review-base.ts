/**
 * What a local review diffs against, as a pull request of the checked-out branch would: its base
 * branch (`--base-branch`, else the remote's default branch `origin/HEAD`, else a local `main` or
 * `master`), and the merge base of that branch and HEAD, so commits that landed on the base since
 * the branch was cut are not reviewed (GitHub's three-dot diff). Each failure is a one-line
 * {@link CliError} naming the fix.
 */
import type { GitCommandManager } from '../git/git-command-manager.js';
import { CliError } from './cli-error.js';

export interface ReviewBase {
  /** The base as named: `main`, `origin/main`. */
  name: string;
  /** The merge base of the base branch and HEAD: the diff's old side. */
  sha: string;
}

/** The first of `candidates` that names a commit, as given. */
async function firstCommit(
  git: GitCommandManager,
  candidates: readonly string[],
): Promise<string | undefined> {
  for (const name of candidates) {
    const found = await git.exec(['rev-parse', '--verify', '--quiet', `${name}^{commit}`], {
      allowAllExitCodes: true,
    });
    if (found.exitCode === 0) return name;
  }
  return undefined;
}

/** The remote's default branch (`origin/main`) when the clone recorded it. */
async function remoteDefault(git: GitCommandManager): Promise<string | undefined> {
  const head = await git.exec(['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD'], {
    allowAllExitCodes: true,
  });
  return head.exitCode === 0 && head.stdout.trim() ? head.stdout.trim() : undefined;
}

/** Resolves the base and the merge base with `headSha`. */
export async function resolveReviewBase(
  git: GitCommandManager,
  given: string | undefined,
  headSha: string,
): Promise<ReviewBase> {
  const name = given
    ? await firstCommit(git, [given, `origin/${given}`])
    : await firstCommit(git, [
        ...[await remoteDefault(git)].filter((n) => n !== undefined),
        'main',
        'master',
      ]);
  if (!name) {
    throw new CliError(
      given
        ? `--base-branch ${given} is neither a branch nor a commit of this checkout (nor origin/${given}): fetch it, or name the branch the change would merge into`
        : 'no base branch to review against: the checkout has no origin/HEAD, main or master; pass --base-branch <branch>',
    );
  }
  const merge = await git.exec(['merge-base', name, headSha], { allowAllExitCodes: true });
  const sha = merge.stdout.trim();
  if (merge.exitCode !== 0 || !sha)
    throw new CliError(
      `--base-branch ${name} shares no history with HEAD: pass the branch HEAD was cut from`,
    );
  if (sha === headSha)
    throw new CliError(
      `HEAD has no commits that ${name} does not have, so there is nothing to review: check out the feature branch, or pass --base-branch <branch>`,
    );
  return { name, sha };
}
