/**
 * Where the sandbox gave its throw-away user access by touching every file (ACLs or the group:
 * levels `root` and `sudo` without idmapped mounts), every file's ctime changed after checkout
 * wrote git's index. Inside the sandbox `.git` is read-only, so the agent's git can never save a
 * refreshed index: every `git status` would re-hash the whole tree and every `git diff` compare
 * every file, and the action's own commit before publishing would re-hash it once more. One
 * refresh here, with the action's git (outside the sandbox), makes the index match the tree again.
 */
import { execa } from 'execa';
import { scrubbedEnv } from '../exec/scrubbed-env.js';
import { searchGitEnv } from '../git/git-env.js';
import { INDEX_REFRESH_TIMEOUT_MS } from '../limits.js';
import type { ManagedSandbox } from '../sandbox/detect-sandbox.js';
import type { CommandHost } from './command-host.js';

/** Whether set-up touched every file of the workspace, so the index needs a refresh. */
export function touchedEveryFile(sandbox: Pick<ManagedSandbox, 'workspaceAccess'>): boolean {
  const kind = sandbox.workspaceAccess?.kind;
  return kind === 'acl' || kind === 'group';
}

/**
 * `git update-index -q --refresh` in the workspace: through `host.git` when the action passes its
 * own (the repository guard then takes the new index as the action's change rather than putting
 * the stale one back before its next command), else with a git confined to the workspace's
 * repository and configuration. Never throws: a workspace that is no repository has no index.
 */
export async function refreshIndex(host: CommandHost): Promise<void> {
  const args = ['update-index', '-q', '--refresh'];
  try {
    if (host.git) {
      await host.git.exec(args, { allowAllExitCodes: true });
      return;
    }
    await execa('git', args, {
      cwd: host.workspace,
      env: searchGitEnv(scrubbedEnv(host.env), host.workspace),
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
      timeout: INDEX_REFRESH_TIMEOUT_MS,
      cancelSignal: host.signal,
    });
  } catch (error) {
    host.log.info(`Could not refresh git's index after the sandbox set-up: ${String(error)}`);
  }
}
