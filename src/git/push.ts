/**
 * Pushes the work branch with a lease: the push only lands if the remote branch is still where it
 * was when the run fetched it (or still absent), so a concurrent push is never overwritten.
 */
import type { GitCommandManager } from './git-command-manager.js';

export interface PushOptions {
  remoteUrl: string;
  /** Remote branch to update. */
  branch: string;
  /** Its head when the run fetched it; null when it must not exist yet. */
  expectedSha: string | null;
}

/** `stale`: the lease failed (the branch moved); `refused`: the server said no, in `message`. */
export type PushResult =
  | { kind: 'pushed' }
  | { kind: 'stale'; message: string }
  | { kind: 'refused'; message: string };

/** Pushes HEAD to `branch`; a lease rejection is a result (the caller reports it), not a throw. */
export async function pushBranch(git: GitCommandManager, options: PushOptions): Promise<PushResult> {
  const ref = `refs/heads/${options.branch}`;
  const result = await git.exec(
    [
      'push',
      '--porcelain',
      '--no-verify',
      `--force-with-lease=${ref}:${options.expectedSha ?? ''}`,
      options.remoteUrl,
      `HEAD:${ref}`,
    ],
    { allowAllExitCodes: true },
  );
  if (result.exitCode === 0) return { kind: 'pushed' };
  const text = `${result.stdout}\n${result.stderr}`;
  const stale = /stale info|\[rejected\]|non-fast-forward|fetch first/.test(text);
  return { kind: stale ? 'stale' : 'refused', message: refusalText(text) };
}

/**
 * What the server said: its `remote:` lines (a ruleset's GH013 report names the rule in the
 * middle of them) and git's own rejection lines, without the blank padding.
 */
export function refusalText(output: string): string {
  const lines = output
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '' && l.trim() !== 'remote:');
  const remote = lines.filter((l) => l.startsWith('remote:')).slice(0, 12);
  const own = lines
    .filter((l) => !l.startsWith('remote:') && /rejected|error|fatal|denied/i.test(l))
    .slice(-3);
  return [...remote, ...own].join('\n') || lines.slice(-4).join('\n');
}
