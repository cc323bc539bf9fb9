/**
 * Puts the local commit on the remote branch through GitHub's API instead of `git push`, so the
 * commit on the branch is one GitHub created and signed. The lease is the same as a push's: the
 * branch must still be where the run found it; a branch others push to (a pull request's head) is
 * re-read and the commit rebased once when it moved. GitHub's commit is fetched back and becomes
 * HEAD, so later rounds build on the commit that is on the branch.
 */
import {
  type ApiCommitResult,
  createBranchRef,
  createCommitOnBranch,
  deleteBranchRef,
  moveBranchRef,
} from '../github/api-commit.js';
import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';
import { type ApiLimits, changedPaths, readFileChanges } from './change-set.js';
import { listRemoteHeads } from './checkout.js';
import type { PushOutcome } from './commit-and-push.js';
import type { GitCommandManager } from './git-command-manager.js';
import { committerOf, fetchHead, rebaseOntoMoved } from './push-with-rebase.js';

export interface ApiPushOptions {
  remoteUrl: string;
  branch: string;
  /** The branch head when the run fetched it; null when it must not exist yet. */
  expectedSha: string | null;
  /** Rebase once onto a branch that moved (a pull request's head) instead of giving up. */
  rebase: boolean;
  limits?: ApiLimits;
}

/** The API could not carry the change after all (found while reading the contents). */
export type ApiPushResult = PushOutcome | { kind: 'inexpressible'; reason: string };

type Octokit = Pick<GitHubClient, 'request' | 'graphql'>;

async function revParse(git: GitCommandManager, rev: string): Promise<string> {
  return (await git.exec(['rev-parse', '--verify', `${rev}^{commit}`])).stdout.trim();
}

/** Pushes HEAD (one commit on top of the branch head the run started from) through the API. */
export async function pushThroughApi(
  octokit: Octokit,
  repo: RepoRef,
  git: GitCommandManager,
  options: ApiPushOptions,
): Promise<ApiPushResult> {
  const { branch, remoteUrl } = options;
  const moved = (): PushOutcome => ({
    kind: 'rejected',
    reason: 'moved',
    via: 'api',
    message: `The branch \`${branch}\` moved while the agent worked; nothing was pushed. Run again.`,
  });
  const gone = (): PushOutcome => ({
    kind: 'rejected',
    reason: 'gone',
    via: 'api',
    message: `The branch \`${branch}\` no longer exists (was the pull request closed?); nothing was pushed.`,
  });
  const refused = (answer: string): PushOutcome => ({
    kind: 'rejected',
    reason: 'refused',
    via: 'api',
    message: `GitHub refused the commit to \`${branch}\`.`,
    answer,
  });

  /** Rebases HEAD onto the moved head; a result when that ends the attempt. */
  const rebaseOntoMovedHead = async (onto: string): Promise<PushOutcome | undefined> => {
    const rebased = await rebaseOntoMoved(
      git,
      branch,
      onto,
      await revParse(git, 'HEAD^'),
      await committerOf(git),
    );
    return rebased.kind === 'rebased' ? undefined : rebased;
  };

  // Read the contents before any ref changes, so a change the API cannot carry leaves the remote as it was.
  const readChanges = async (base: string) =>
    readFileChanges(git, await changedPaths(git, base, 'HEAD'), options.limits);
  let parent = await revParse(git, 'HEAD^');
  let read = await readChanges(parent);
  if (read.kind === 'inexpressible') return { kind: 'inexpressible', reason: read.reason };
  let rebasedOnto: string | null = null;
  const current = (await listRemoteHeads(git, remoteUrl, [branch])).get(branch) ?? null;
  if (current !== options.expectedSha) {
    if (!options.rebase) return moved();
    if (current === null) return gone();
    const stop = await rebaseOntoMovedHead((await fetchHead(git, remoteUrl, branch)) ?? current);
    if (stop) return stop;
    parent = await revParse(git, 'HEAD^');
    rebasedOnto = parent;
    read = await readChanges(parent);
    if (read.kind === 'inexpressible') return { kind: 'inexpressible', reason: read.reason };
  }

  // The commit goes on top of `parent`: create the branch there, or move the action's own branch
  // back to it (a rerun starts afresh from the base, as a lease-protected force push would).
  if (current === null || current !== parent) {
    const ref =
      current === null
        ? await createBranchRef(octokit, repo, branch, parent)
        : await moveBranchRef(octokit, repo, branch, parent);
    if (ref.kind !== 'done') return ref.kind === 'moved' ? moved() : refused(ref.message);
  }
  // A branch this run created for a commit GitHub then refuses is taken away again: it would only
  // point at the base, looking like work that is not there.
  const undoCreated = async (result: PushOutcome): Promise<PushOutcome> => {
    if (current === null) await deleteBranchRef(octokit, repo, branch);
    return result;
  };

  for (let attempt = 1; ; attempt++) {
    const message = (await git.exec(['log', '-1', '--format=%B', 'HEAD'])).stdout;
    const result: ApiCommitResult = await createCommitOnBranch(octokit, repo, {
      branch,
      expectedHeadOid: parent,
      message,
      changes: read.changes,
    });
    if (result.kind === 'refused') return undoCreated(refused(result.message));
    if (result.kind === 'created') {
      await adoptGitHubCommit(git, remoteUrl, branch, result.oid);
      return { kind: 'pushed', sha: result.oid, rebasedOnto, via: 'api' };
    }
    if (!options.rebase || attempt > 1) return undoCreated(moved());
    const now = await fetchHead(git, remoteUrl, branch);
    if (now === null) return gone();
    const stop = await rebaseOntoMovedHead(now);
    if (stop) return stop;
    parent = now;
    rebasedOnto = now;
    read = await readChanges(parent);
    // The rebased change is the same files; only its parent differs, so the API still carries it.
    if (read.kind === 'inexpressible') return refused(`After the rebase: ${read.reason}.`);
  }
}

/**
 * Fetches GitHub's commit and makes it HEAD. Its tree is the local commit's (GitHub wrote the same
 * files), so only the commit object changes: the index and the work tree stay as they are.
 */
async function adoptGitHubCommit(
  git: GitCommandManager,
  remoteUrl: string,
  branch: string,
  oid: string,
): Promise<void> {
  const fetched = await fetchHead(git, remoteUrl, branch);
  const present = await git.exec(['cat-file', '-e', `${oid}^{commit}`], { allowAllExitCodes: true });
  if (present.exitCode !== 0) {
    throw new Error(
      `GitHub created ${oid.slice(0, 7)} on \`${branch}\`, but it could not be fetched back${fetched ? ` (the branch is at ${fetched.slice(0, 7)})` : ''}.`,
    );
  }
  const [ours, theirs] = await Promise.all([revParse(git, 'HEAD'), revParse(git, oid)]);
  const tree = async (sha: string) => (await git.exec(['rev-parse', `${sha}^{tree}`])).stdout.trim();
  if ((await tree(ours)) !== (await tree(theirs))) {
    throw new Error(
      `GitHub's commit ${oid.slice(0, 7)} on \`${branch}\` differs from the agent's commit; compare them before merging.`,
    );
  }
  await git.exec(['reset', '--soft', oid]);
}
