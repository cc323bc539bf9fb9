import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { prepareProtectedPaths } from '../../../src/sandbox/protected-paths.js';

describe('prepareProtectedPaths', () => {
  let root: string;
  before(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'protected-paths-'));
  });
  after(() => rm(root, { recursive: true, force: true }));

  it('lists .git and .github when they exist', async () => {
    const ws = path.join(root, 'both');
    await mkdir(path.join(ws, '.git'), { recursive: true });
    await mkdir(path.join(ws, '.github', 'workflows'), { recursive: true });
    const found = await prepareProtectedPaths(ws);
    assert.deepEqual(found.paths, [path.join(ws, '.git'), path.join(ws, '.github')]);
    assert.deepEqual(found.links, []);
    await found.release();
    assert.ok(existsSync(path.join(ws, '.github', 'workflows')), 'an existing .github is never removed');
  });

  it('makes an empty placeholder for a missing .github and removes it again', async () => {
    const ws = path.join(root, 'no-github');
    await mkdir(ws);
    await writeFile(path.join(ws, '.git'), 'gitdir: ../elsewhere\n');
    const found = await prepareProtectedPaths(ws);
    assert.deepEqual(found.paths, [path.join(ws, '.git'), path.join(ws, '.github')]);
    assert.ok(existsSync(path.join(ws, '.github')));
    await found.release();
    assert.equal(existsSync(path.join(ws, '.github')), false);
  });

  it('names a symbolic link instead of binding where it points', async () => {
    const ws = path.join(root, 'linked');
    await mkdir(path.join(ws, 'ci'), { recursive: true });
    await symlink('ci', path.join(ws, '.github'));
    const found = await prepareProtectedPaths(ws);
    assert.deepEqual(found.paths, []);
    assert.deepEqual(found.links, ['.github']);
  });
});
