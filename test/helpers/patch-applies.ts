/**
 * Whether a patch the action published does what it promises: on a fresh clone of the repository
 * checked out at the commit the run started from, `git am` applies it (and `git apply` does too,
 * on a second clone). Returns the files the applied patch left, for the caller to compare.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const IDENTITY = ['-c', 'user.name=Maintainer', '-c', 'user.email=maintainer@example.com'];

function git(cwd: string, args: string[]): string {
  return execFileSync('git', [...IDENTITY, ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' },
  });
}

/** Applies `patch` to `base` of the bare repository at `gitDir` with `git am` and `git apply`. */
export async function assertPatchApplies(
  gitDir: string,
  base: string,
  patch: string,
  files: readonly string[],
): Promise<Record<string, string>> {
  const root = await mkdtemp(path.join(tmpdir(), 'patch-applies-'));
  try {
    const patchFile = path.join(root, 'changes.patch');
    await writeFile(patchFile, patch);
    const results: Record<string, string>[] = [];
    for (const how of ['am', 'apply'] as const) {
      const clone = path.join(root, how);
      execFileSync('git', ['clone', '-q', '--no-checkout', gitDir, clone]);
      git(clone, ['checkout', '-q', base]);
      git(clone, how === 'am' ? ['am', '-q', patchFile] : ['apply', patchFile]);
      if (how === 'am')
        assert.notEqual(git(clone, ['rev-parse', 'HEAD']).trim(), base, 'git am made a commit');
      const read: Record<string, string> = {};
      for (const file of files) read[file] = await readFile(path.join(clone, file), 'utf8');
      results.push(read);
    }
    assert.deepEqual(results[1], results[0], 'git am and git apply leave the same files');
    return results[0]!;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
