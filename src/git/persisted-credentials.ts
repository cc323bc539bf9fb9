/**
 * A checkout made before the action ran (actions/checkout with `persist-credentials`) leaves the
 * token in git config: an `extraheader` or a credential helper, directly in `.git/config` or in a
 * file it includes. The agent can read the working tree, so for the duration of the run those
 * entries are taken out, and put back afterwards for the step that owns them.
 */
import path from 'node:path';
import type { GitCommandManager } from './git-command-manager.js';

const CREDENTIAL_KEYS = '^(http\\..*extraheader|credential\\..*helper|credential\\.helper)$';

interface Entry {
  file: string;
  key: string;
  value: string;
}

/** Removes persisted credentials from the repository's config; the returned function restores them. */
export async function removePersistedCredentials(git: GitCommandManager): Promise<() => Promise<void>> {
  const found = await git.exec(
    ['config', '--local', '--includes', '--show-origin', '--null', '--get-regexp', CREDENTIAL_KEYS],
    {
      allowAllExitCodes: true,
    },
  );
  const entries: Entry[] = [];
  // With --null each entry is "file:<path>\0<key>\n<value>\0".
  const parts = found.stdout.split('\0');
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const origin = parts[i] ?? '';
    const keyValue = parts[i + 1] ?? '';
    if (!origin.startsWith('file:')) continue;
    const newline = keyValue.indexOf('\n');
    const key = newline === -1 ? keyValue : keyValue.slice(0, newline);
    const value = newline === -1 ? '' : keyValue.slice(newline + 1);
    entries.push({ file: path.resolve(git.cwd, origin.slice('file:'.length)), key, value });
  }
  const removed = new Set<string>();
  for (const entry of entries) {
    const id = `${entry.file}\0${entry.key}`;
    if (removed.has(id)) continue;
    removed.add(id);
    await git.exec(['config', '--file', entry.file, '--unset-all', entry.key], { allowAllExitCodes: true });
  }
  return async () => {
    for (const entry of entries) {
      await git.exec(['config', '--file', entry.file, '--add', entry.key, entry.value], {
        allowAllExitCodes: true,
      });
    }
  };
}
