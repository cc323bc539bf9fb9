import assert from 'node:assert/strict';
import { link, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  checkPathRules,
  createPathPolicy,
  type PathDecision,
  type PathPolicy,
} from '../../../src/safety/path-policy.js';

function refusedBy(decision: PathDecision): string {
  assert.equal(decision.kind, 'refused', `expected a refusal, got ${JSON.stringify(decision)}`);
  return decision.kind === 'refused' ? decision.rule : '';
}

describe('path policy', () => {
  let base: string;
  let root: string;
  let outside: string;
  let policy: PathPolicy;

  before(async () => {
    base = await realpath(await mkdtemp(path.join(tmpdir(), 'path-policy-')));
    root = path.join(base, 'ws');
    outside = path.join(base, 'outside');
    await mkdir(path.join(root, 'src'), { recursive: true });
    await mkdir(path.join(root, '.git', 'hooks'), { recursive: true });
    await mkdir(outside);
    await writeFile(path.join(root, 'src', 'a.ts'), 'a');
    await writeFile(path.join(root, '.git', 'config'), '[remote]');
    await writeFile(path.join(outside, 'secret.txt'), 'secret');
    await symlink('/proc/self/environ', path.join(root, 'env-link'));
    await symlink(outside, path.join(root, 'out-dir'));
    await symlink(path.join(outside, 'secret.txt'), path.join(root, 'secret-link'));
    await symlink(path.join(outside, 'new-file.txt'), path.join(root, 'dangling'));
    await symlink('src/a.ts', path.join(root, 'inside-link'));
    await symlink('loop-b', path.join(root, 'loop-a'));
    await symlink('loop-a', path.join(root, 'loop-b'));
    policy = createPathPolicy(root);
  });
  after(() => rm(base, { recursive: true, force: true }));

  it('resolves relative and absolute paths inside the workspace to real paths', () => {
    assert.deepEqual(policy.resolveForRead('src/a.ts'), {
      kind: 'allowed',
      path: path.join(root, 'src/a.ts'),
      relative: 'src/a.ts',
    });
    assert.deepEqual(policy.resolveForRead(path.join(root, 'src/../src/a.ts')), {
      kind: 'allowed',
      path: path.join(root, 'src/a.ts'),
      relative: 'src/a.ts',
    });
    const link = policy.resolveForRead('inside-link');
    assert.ok(link.kind === 'allowed' && link.path === path.join(root, 'src/a.ts'));
  });

  it('allows new files in new folders for writing', () => {
    const decision = policy.resolveForWrite('new/dir/file.ts');
    assert.ok(decision.kind === 'allowed');
    assert.equal(decision.path, path.join(root, 'new/dir/file.ts'));
  });

  it('refuses traversal and absolute paths outside the workspace', () => {
    assert.equal(refusedBy(policy.resolveForRead('../../etc/passwd')), 'outside-workspace');
    assert.equal(refusedBy(policy.resolveForRead('/etc/passwd')), 'outside-workspace');
    assert.equal(refusedBy(policy.resolveForWrite('src/../../outside/x.txt')), 'outside-workspace');
    const decision = policy.resolveForRead('/etc/passwd');
    assert.match(decision.kind === 'allowed' ? '' : decision.message, /rule outside-workspace/);
  });

  it('follows symlinks before judging: /proc, outside files, outside folders, dangling links', () => {
    assert.equal(refusedBy(policy.resolveForRead('env-link')), 'proc');
    assert.equal(refusedBy(policy.resolveForRead('/proc/self/environ')), 'proc');
    assert.equal(refusedBy(policy.resolveForRead('secret-link')), 'outside-workspace');
    assert.equal(refusedBy(policy.resolveForRead('out-dir/secret.txt')), 'outside-workspace');
    assert.equal(refusedBy(policy.resolveForWrite('out-dir/new.txt')), 'outside-workspace');
    assert.equal(refusedBy(policy.resolveForWrite('dangling')), 'outside-workspace');
  });

  it('refuses symlink loops as unresolvable', () => {
    assert.equal(refusedBy(policy.resolveForRead('loop-a')), 'unresolvable');
  });

  it('keeps .git internals off limits for reading and writing, at any depth', () => {
    assert.equal(refusedBy(policy.resolveForRead('.git/config')), 'git-internals');
    assert.equal(refusedBy(policy.resolveForRead('vendor/lib/.git/config')), 'git-internals');
    assert.equal(refusedBy(policy.resolveForWrite('.git/config')), 'git-internals');
    assert.equal(refusedBy(policy.resolveForWrite('.git/hooks/pre-commit')), 'git-hooks');
    assert.equal(refusedBy(policy.resolveForRead('.GIT/config')), 'git-internals');
  });

  it('refuses to write through a hard link to .git/config or a file outside, but reads it', async () => {
    await link(path.join(root, '.git', 'config'), path.join(root, 'src', 'config-link'));
    await link(path.join(outside, 'secret.txt'), path.join(root, 'src', 'outside-link'));
    for (const name of ['src/config-link', 'src/outside-link']) {
      const decision = policy.resolveForWrite(name);
      assert.equal(refusedBy(decision), 'hard-link');
      assert.match(decision.kind === 'refused' ? decision.message : '', /has 2 names \(hard links\)/);
      assert.equal(policy.resolveForRead(name).kind, 'allowed');
    }
    assert.equal(await readFile(path.join(root, '.git', 'config'), 'utf8'), '[remote]');
    // A file with one name, and a new one, are written as usual.
    assert.equal(policy.resolveForWrite('src/a.ts').kind, 'allowed');
    assert.equal(policy.resolveForWrite('src/new.ts').kind, 'allowed');
  });

  it('lets .github/ be read but nothing in it written, in any case', () => {
    assert.ok(policy.resolveForRead('.github/workflows/ci.yml').kind === 'allowed');
    assert.equal(refusedBy(policy.resolveForWrite('.github/workflows/ci.yml')), 'workflows');
    // Composite actions and repository settings there change what later workflows run.
    assert.equal(refusedBy(policy.resolveForWrite('.github/dependabot.yml')), 'workflows');
    assert.equal(refusedBy(policy.resolveForWrite('.github/actions/setup/action.yml')), 'workflows');
    assert.equal(refusedBy(policy.resolveForWrite('.GitHub/workflows/x.yml')), 'workflows');
    assert.ok(policy.resolveForWrite('.gitignore').kind === 'allowed');
    assert.ok(policy.resolveForWrite('..notes.txt').kind === 'allowed');
  });

  it('exports the rules for already-resolved paths (used by the bash policy)', () => {
    assert.equal(checkPathRules('/work/ws/src/x', '/work/ws', 'write'), undefined);
    assert.equal(checkPathRules('/work/other', '/work/ws', 'read')?.rule, 'outside-workspace');
    assert.equal(checkPathRules('/proc/1/mem', '/work/ws', 'read')?.rule, 'proc');
    assert.equal(checkPathRules('/work/ws/.github/workflows', '/work/ws', 'write')?.rule, 'workflows');
    assert.equal(checkPathRules('/work/ws/.github', '/work/ws', 'write')?.rule, 'workflows');
    assert.equal(checkPathRules('/work/ws/.github', '/work/ws', 'read'), undefined);
    assert.equal(checkPathRules('/work/ws/.github/workflows/a.yml', '/work/ws', 'write')?.rule, 'workflows');
  });
});
