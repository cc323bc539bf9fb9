/**
 * The change as a patch that `git am` applies to the commit the run started from: after a commit
 * GitHub made and the run fetched back shallow (where `format-patch` would add every file as
 * new), after a plain local commit, and for an uncommitted work tree (a fork's pull request).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { changedFiles, committedChangePatch, workTreeChangePatch } from '../../../src/git/change-patch.js';
import { createGitCommandManager, type GitCommandManager } from '../../../src/git/git-command-manager.js';
import { assertPatchApplies } from '../../helpers/patch-applies.js';

let root: string;
let bare: string;
const env = () => ({ PATH: process.env['PATH'], HOME: root, GIT_CONFIG_NOSYSTEM: '1' });
const sh = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    encoding: 'utf8',
    env: env() as NodeJS.ProcessEnv,
  }).trim();

/** A shallow clone at main, as the action checks out, with its command manager. */
async function shallowClone(name: string): Promise<{ dir: string; git: GitCommandManager; start: string }> {
  const dir = path.join(root, name);
  execFileSync('git', ['clone', '-q', '--depth=1', `file://${bare}`, dir]);
  const git = createGitCommandManager({ cwd: dir, token: '', serverUrl: 'http://127.0.0.1:9', env: env() });
  return { dir, git, start: sh(dir, 'rev-parse', 'HEAD') };
}

before(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'change-patch-'));
  bare = path.join(root, 'origin.git');
  const seed = path.join(root, 'seed');
  execFileSync('git', ['init', '-q', '-b', 'main', seed]);
  await writeFile(path.join(seed, 'README.md'), '# Repo\n');
  await writeFile(path.join(seed, 'greet.js'), "export const greet = 'helo';\n");
  sh(seed, 'add', '-A');
  sh(seed, 'commit', '-qm', 'first');
  await writeFile(path.join(seed, 'old.txt'), 'to be removed\n');
  sh(seed, 'add', '-A');
  sh(seed, 'commit', '-qm', 'second');
  execFileSync('git', ['clone', '-q', '--bare', seed, bare]);
});
after(() => rm(root, { recursive: true, force: true }));

describe('committedChangePatch', () => {
  it("applies to the start after GitHub's commit was fetched back shallow (where format-patch would not)", async () => {
    const { dir, git, start } = await shallowClone('api');
    await writeFile(path.join(dir, 'greet.js'), "export const greet = 'hello';\n");
    sh(dir, 'commit', '-qam', 'Fix the greeting');
    // GitHub's commit: the same tree, its own committer, on a branch; fetched back shallow as the
    // API path does, and made HEAD with a soft reset.
    const other = path.join(root, 'github');
    execFileSync('git', ['clone', '-q', `file://${bare}`, other]);
    await writeFile(path.join(other, 'greet.js'), "export const greet = 'hello';\n");
    sh(other, 'commit', '-qam', 'Fix the greeting');
    sh(other, 'push', '-q', 'origin', 'HEAD:refs/heads/agent/fix');
    sh(dir, 'fetch', '-q', '--depth=1', 'origin', '+refs/heads/agent/fix:refs/remotes/origin/agent/fix');
    sh(dir, 'reset', '-q', '--soft', 'origin/agent/fix');

    const naive = sh(dir, 'format-patch', '--stdout', `${start}..HEAD`);
    assert.match(naive, /new file mode[\s\S]*README\.md/, 'the shallow commit reads as a root commit');

    const patch = await committedChangePatch(git, start);
    assert.doesNotMatch(patch, /new file mode/);
    assert.match(patch, /^From [0-9a-f]{40} [\s\S]*Subject: \[PATCH\] Fix the greeting/);
    const files = await assertPatchApplies(bare, start, patch, ['greet.js', 'README.md']);
    assert.equal(files['greet.js'], "export const greet = 'hello';\n");
    assert.deepEqual(await changedFiles(git, start), [
      { path: 'greet.js', added: 1, removed: 1, binary: false },
    ]);
  });

  it('is empty when the tree did not change', async () => {
    const { git, start } = await shallowClone('same');
    assert.equal(await committedChangePatch(git, start), '');
  });
});

describe('workTreeChangePatch', () => {
  it('carries edits, new, deleted and binary files, leaves workflows out and the index alone', async () => {
    const { dir, git, start } = await shallowClone('fork');
    await writeFile(path.join(dir, 'greet.js'), "export const greet = 'hey';\n");
    await writeFile(path.join(dir, 'new.txt'), 'new\n');
    await writeFile(path.join(dir, 'logo.bin'), Buffer.from([0, 1, 2, 255, 0, 3]));
    await unlink(path.join(dir, 'old.txt'));
    execFileSync('mkdir', ['-p', path.join(dir, '.github/workflows')]);
    await writeFile(path.join(dir, '.github/workflows/ci.yml'), 'on: push\n');
    const status = sh(dir, 'status', '--porcelain');

    const patch = await workTreeChangePatch(git, start, 'Say hey\n\nA warmer greeting.');
    assert.match(patch, /Subject: \[PATCH\] Say hey/);
    assert.match(patch, /From: "github-actions\[bot\]"/);
    assert.doesNotMatch(patch, /workflows/);
    const files = await assertPatchApplies(bare, start, patch, ['greet.js', 'new.txt', 'logo.bin']);
    assert.equal(files['greet.js'], "export const greet = 'hey';\n");
    assert.equal(files['new.txt'], 'new\n');
    assert.match(patch, /GIT binary patch/, 'the binary file travels whole');
    assert.ok(files['logo.bin']?.includes('\u0000'), 'and arrives');
    assert.equal(sh(dir, 'status', '--porcelain'), status, 'the index and work tree are as they were');
    assert.equal(await readFile(path.join(dir, 'greet.js'), 'utf8'), "export const greet = 'hey';\n");
  });
});
