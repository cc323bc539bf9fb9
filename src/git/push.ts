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

export type PushResult = { ok: true } | { ok: false; rejected: boolean; message: string };

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
  if (result.exitCode === 0) return { ok: true };
  const text = `${result.stdout}\n${result.stderr}`;
  const rejected = /stale info|\[rejected\]|non-fast-forward|fetch first/.test(text);
  const message = text
    .trim()
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(-4)
    .join('\n');
  return { ok: false, rejected, message };
}
