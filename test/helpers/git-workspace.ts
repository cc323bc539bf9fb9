/**
 * An empty checkout folder with the action's git command manager for it, as a run has before
 * `checkoutRef`: the token goes per command, and the machine's git configuration stays out
 * (HOME is the folder, no system config).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGitCommandManager, type GitCommandManager } from '../../src/git/git-command-manager.js';

/** A fresh folder named after `prefix` and a command manager that authenticates to `serverUrl` with `token`. */
export async function gitWorkspace(
  prefix: string,
  remote: { token: string; serverUrl: string },
): Promise<{ dir: string; git: GitCommandManager }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  const git = createGitCommandManager({
    cwd: dir,
    token: remote.token,
    serverUrl: remote.serverUrl,
    env: { PATH: process.env['PATH'], HOME: dir, GIT_CONFIG_NOSYSTEM: '1' },
  });
  return { dir, git };
}
