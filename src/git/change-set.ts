/**
 * The agent's commit as the file changes GitHub's `createCommitOnBranch` takes (contents as
 * base64, deletions by path), and the reason when that API cannot express it: the API writes
 * regular files only, so a new executable bit, a symlink or a submodule needs a git push, and so
 * does a payload past GitHub's limits.
 */

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileChanges } from '../github/api-commit.js';
import { API_COMMIT_LIMITS } from '../limits.js';
import type { GitCommandManager } from './git-command-manager.js';

/** One changed path between two commits, from `git diff --raw`. */
export interface ChangedPath {
  path: string;
  oldMode: string;
  newMode: string;
  /** Blob of the new content (zeros for a deletion). */
  blob: string;
  status: 'A' | 'M' | 'D' | 'T';
}

/** GitHub's limits for content sent through the API. */
export type ApiLimits = typeof API_COMMIT_LIMITS;

const REGULAR = '100644';
const EXECUTABLE = '100755';

/** The paths `head` changes relative to `base` (renames as a deletion plus an addition). */
export async function changedPaths(
  git: GitCommandManager,
  base: string,
  head: string,
): Promise<ChangedPath[]> {
  const out = await git.exec(['diff', '--raw', '-z', '--no-renames', '--no-abbrev', base, head]);
  const parts = out.stdout.split('\0');
  const changes: ChangedPath[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const [oldMode, newMode, , blob, status] = (parts[i] ?? '').replace(/^:/, '').split(' ');
    changes.push({
      path: parts[i + 1] ?? '',
      oldMode: oldMode ?? '',
      newMode: newMode ?? '',
      blob: blob ?? '',
      status: (status?.[0] ?? 'M') as ChangedPath['status'],
    });
  }
  return changes;
}

/** Why the API cannot carry `changes`, or undefined when it can. Pure. */
export function apiCannotExpress(changes: ChangedPath[]): string | undefined {
  for (const c of changes) {
    const modes = c.status === 'D' ? [c.oldMode] : [c.oldMode, c.newMode];
    if (modes.includes('160000')) return `\`${c.path}\` is a submodule`;
    if (c.status !== 'D' && modes.includes('120000')) return `\`${c.path}\` is a symbolic link`;
    if (c.status === 'D') continue;
    // The API keeps an existing file's mode and writes new files as regular ones.
    if (c.status === 'A' && c.newMode !== REGULAR) return `\`${c.path}\` is a new executable file`;
    if (c.newMode !== c.oldMode && (c.newMode === EXECUTABLE || c.oldMode === EXECUTABLE))
      return `the executable bit of \`${c.path}\` changes`;
  }
  return undefined;
}

/** Git's blob id of `bytes`, to check a work-tree file is exactly the committed blob. */
function blobId(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

export type ReadChanges = { kind: 'read'; changes: FileChanges } | { kind: 'inexpressible'; reason: string };

/**
 * Reads the new contents from the work tree (the manager's output is text, the blobs may not be),
 * checking each against the committed blob, and enforces `limits`.
 */
export async function readFileChanges(
  git: GitCommandManager,
  changes: ChangedPath[],
  limits: ApiLimits = API_COMMIT_LIMITS,
): Promise<ReadChanges> {
  const result: FileChanges = { additions: [], deletions: [] };
  let total = 0;
  for (const c of changes) {
    if (c.status === 'D') {
      result.deletions.push({ path: c.path });
      continue;
    }
    const bytes = await readFile(path.join(git.cwd, c.path));
    if (blobId(bytes) !== c.blob)
      return {
        kind: 'inexpressible',
        reason: `\`${c.path}\` is stored differently from its working copy (a git filter)`,
      };
    if (bytes.length > limits.fileBytes)
      return { kind: 'inexpressible', reason: `\`${c.path}\` is larger than ${mib(limits.fileBytes)}` };
    const contents = bytes.toString('base64');
    total += contents.length;
    if (total > limits.totalBytes)
      return { kind: 'inexpressible', reason: `the change is larger than ${mib(limits.totalBytes)} in all` };
    result.additions.push({ path: c.path, contents });
  }
  return { kind: 'read', changes: result };
}

function mib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MiB` : `${bytes} bytes`;
}
