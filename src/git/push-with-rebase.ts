/**
 * Pushes the agent's commit to a branch other people push to as well (a pull request's head).
 * The branch head is checked again right before the push, and the push itself is lease-protected,
 * so a commit someone pushed while the agent worked — or a second run racing this one — is never
 * overwritten. When the branch did move, the agent's commits are rebased onto the new head and
 * pushed once more; a conflict stops there, with the rebase undone, as a result rather than a throw.
 */
import { listRemoteHeads } from './checkout.js';
import type { Identity } from './commit.js';
import type { GitCommandManager } from './git-command-manager.js';
import { pushBranch } from './push.js';

export interface PushWithRebaseOptions {
  remoteUrl: string;
  /** Remote branch to update, e.g. the pull request's head ref. */
  branch: string;
  /** Its head when the run checked out (the lease). */
  expectedSha: string;
  /** The commit the agent's commits sit on; default `expectedSha`. */
  baseSha?: string;
  /** Committer of rebased commits; default the committer of HEAD. Authors are kept. */
  committer?: Identity;
}

export type PushWithRebaseResult =
  /** HEAD is on the branch; `rebasedOnto` is the moved head it was rebased onto, if it moved. */
  | { kind: 'pushed'; sha: string; rebasedOnto: string | null }
  /** After rebasing, nothing of the agent's change was left: the branch already has it. */
  | { kind: 'up-to-date'; sha: string; rebasedOnto: string }
  /** The branch moved and the agent's change conflicts with the new commits; nothing was pushed. */
  | { kind: 'conflict'; remoteSha: string; files: string[]; message: string }
  /** Nothing was pushed: the branch moved again, was deleted, or the server refused the push. */
  | { kind: 'rejected'; reason: 'moved' | 'gone' | 'refused'; message: string };

async function revParse(git: GitCommandManager, rev: string): Promise<string> {
  return (await git.exec(['rev-parse', '--verify', `${rev}^{commit}`])).stdout.trim();
}

async function remoteHead(git: GitCommandManager, remoteUrl: string, branch: string): Promise<string | null> {
  return (await listRemoteHeads(git, remoteUrl, [branch])).get(branch) ?? null;
}

/** Fetches the branch's current head (as shallow as the checkout) and returns it, or null if gone. */
export async function fetchHead(
  git: GitCommandManager,
  remoteUrl: string,
  branch: string,
): Promise<string | null> {
  const shallow = (await git.exec(['rev-parse', '--is-shallow-repository'])).stdout.trim() === 'true';
  const tracking = `refs/remotes/origin/${branch}`;
  const fetched = await git.exec(
    [
      'fetch',
      '--no-tags',
      '--no-recurse-submodules',
      ...(shallow ? ['--depth=1'] : []),
      remoteUrl,
      `+refs/heads/${branch}:${tracking}`,
    ],
    { allowAllExitCodes: true },
  );
  if (fetched.exitCode !== 0) return null;
  return revParse(git, tracking);
}

/** The committer of HEAD, who also commits the rebased commits. */
export async function committerOf(git: GitCommandManager): Promise<Identity> {
  const out = (await git.exec(['log', '-1', '--format=%cn%n%ce', 'HEAD'])).stdout.split('\n');
  return { name: out[0] || 'agent-action', email: out[1] || 'agent-action@users.noreply.github.com' };
}

/** Rebases `base..HEAD` onto `onto`; on conflict aborts and returns the conflicting paths. */
export async function rebaseOnto(
  git: GitCommandManager,
  onto: string,
  base: string,
  committer: Identity,
): Promise<{ kind: 'rebased' } | { kind: 'conflict'; files: string[]; detail: string }> {
  // Files the commit refused (workflow changes) stay in the work tree; --autostash keeps them
  // out of the rebase's way. The identity is the committer's; picked commits keep their authors.
  const identity = ['-c', `user.name=${committer.name}`, '-c', `user.email=${committer.email}`];
  const rebase = await git.exec([...identity, 'rebase', '--autostash', '--onto', onto, base], {
    allowAllExitCodes: true,
  });
  if (rebase.exitCode === 0) return { kind: 'rebased' };
  const conflicted = await git.exec(['diff', '--name-only', '--diff-filter=U', '-z'], {
    allowAllExitCodes: true,
  });
  const files = conflicted.stdout.split('\0').filter((f) => f !== '');
  await git.exec([...identity, 'rebase', '--abort'], { allowAllExitCodes: true });
  const detail = `${rebase.stdout}\n${rebase.stderr}`
    .split('\n')
    .filter((l) => /CONFLICT|error|fatal/i.test(l))
    .slice(0, 5)
    .join('\n');
  return { kind: 'conflict', files, detail };
}

/**
 * Rebases the agent's commit (the commits after `base`) onto `branch`'s moved head `onto`: the
 * one wording of a conflict, and `up-to-date` when the branch already has the whole change. The
 * git push and the API push both rebase this way when the branch moved under them.
 */
export async function rebaseOntoMoved(
  git: GitCommandManager,
  branch: string,
  onto: string,
  base: string,
  committer: Identity,
): Promise<
  { kind: 'rebased'; sha: string } | Extract<PushWithRebaseResult, { kind: 'conflict' | 'up-to-date' }>
> {
  const rebased = await rebaseOnto(git, onto, base, committer);
  if (rebased.kind === 'conflict') {
    const where = rebased.files.length > 0 ? ` in ${rebased.files.map((f) => `\`${f}\``).join(', ')}` : '';
    return {
      kind: 'conflict',
      remoteSha: onto,
      files: rebased.files,
      message:
        `The branch \`${branch}\` moved while the agent worked (it is now at ${onto.slice(0, 7)}), and ` +
        `the agent's change conflicts with the new commits${where}. Nothing was pushed.` +
        (rebased.detail ? `\n\n${rebased.detail}` : ''),
    };
  }
  const sha = await revParse(git, 'HEAD');
  return sha === onto ? { kind: 'up-to-date', sha, rebasedOnto: onto } : { kind: 'rebased', sha };
}

/** Pushes HEAD to `options.branch`, rebasing once if the branch moved; see {@link PushWithRebaseResult}. */
export async function pushWithRebase(
  git: GitCommandManager,
  options: PushWithRebaseOptions,
): Promise<PushWithRebaseResult> {
  const { remoteUrl, branch, expectedSha } = options;
  const gone = (): PushWithRebaseResult => ({
    kind: 'rejected',
    reason: 'gone',
    message: `The branch \`${branch}\` no longer exists (was the pull request closed?); nothing was pushed.`,
  });

  // Re-check right before pushing: a second run (or a person) may have pushed meanwhile.
  const current = await remoteHead(git, remoteUrl, branch);
  if (current === null) return gone();
  if (current === expectedSha) {
    const pushed = await pushBranch(git, { remoteUrl, branch, expectedSha });
    if (pushed.kind === 'pushed')
      return { kind: 'pushed', sha: await revParse(git, 'HEAD'), rebasedOnto: null };
    if (pushed.kind === 'refused') return { kind: 'rejected', reason: 'refused', message: pushed.message };
    // The lease failed: the branch moved between the check and the push. Rebase as below.
  }

  const moved = await fetchHead(git, remoteUrl, branch);
  if (moved === null) return gone();
  const committer = options.committer ?? (await committerOf(git));
  const rebased = await rebaseOntoMoved(git, branch, moved, options.baseSha ?? expectedSha, committer);
  if (rebased.kind !== 'rebased') return rebased;
  const { sha } = rebased;
  const pushed = await pushBranch(git, { remoteUrl, branch, expectedSha: moved });
  if (pushed.kind === 'pushed') return { kind: 'pushed', sha, rebasedOnto: moved };
  return {
    kind: 'rejected',
    reason: pushed.kind === 'stale' ? 'moved' : 'refused',
    message:
      pushed.kind === 'stale'
        ? `The branch \`${branch}\` moved again while the agent's commit was being rebased onto it; nothing was pushed. Run again.`
        : pushed.message,
  };
}
