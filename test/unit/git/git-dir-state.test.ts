import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import {
  changedEntries,
  GitDirReplacedError,
  readGitDir,
  restoreGitDir,
} from '../../../src/git/git-dir-state.js';

const root = mkdtempSync(path.join(tmpdir(), 'git-dir-state-'));
after(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;

function gitDir(): string {
  const dir = path.join(root, `repo-${++counter}`);
  execFileSync('git', ['init', '-q', dir]);
  writeFileSync(path.join(dir, 'a.txt'), 'a\n');
  execFileSync('git', ['-C', dir, 'add', '.']);
  execFileSync('git', ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'a']);
  return path.join(dir, '.git');
}

function putBack(dir: string, change: () => void): string[] {
  const before = readGitDir(dir);
  change();
  const after = readGitDir(dir);
  const changed = changedEntries(before, after);
  restoreGitDir(before, after, changed);
  assert.deepEqual(changedEntries(before, readGitDir(dir)), [], 'all of it was put back');
  return changed;
}

describe('the .git folder as the guard reads it', () => {
  it('read again after an earlier read: an untouched file keeps its content, a rewrite of the same size is seen', () => {
    const dir = gitDir();
    const first = readGitDir(dir);
    const config = path.join(dir, 'config');
    const text = readFileSync(config, 'utf8');
    // Same size, same mtime put back: only the inode's change time tells.
    const before = statSync(config, { bigint: true });
    const reference = `${config}.times`;
    execFileSync('cp', ['-p', config, reference]);
    writeFileSync(config, text.replace('bare = false', 'bare = fals3'));
    execFileSync('touch', ['-r', reference, config]);
    rmSync(reference);
    const now = statSync(config, { bigint: true });
    assert.deepEqual([now.mtimeNs, now.size, now.ino], [before.mtimeNs, before.size, before.ino]);
    const second = readGitDir(dir, first);
    const entry = (state: typeof first, name: string) => state.entries.get(name) as { content?: Buffer };
    assert.equal(
      entry(second, 'index').content,
      entry(first, 'index').content,
      'the index was not read again',
    );
    assert.deepEqual(changedEntries(first, second), ['config']);
    assert.match(entry(second, 'config').content?.toString() ?? '', /fals3/);
  });

  it('reads what steers git, not the object store or the contents of reflogs', () => {
    const dir = gitDir();
    const state = readGitDir(dir);
    for (const name of ['HEAD', 'config', 'index', 'objects', 'objects/info', 'refs/heads', 'logs/HEAD'])
      assert.ok(state.entries.has(name), name);
    assert.ok(![...state.entries.keys()].some((n) => /^objects\/[0-9a-f]{2}$/.test(n)), 'no loose objects');
    const reflog = state.entries.get('logs/HEAD');
    assert.ok(reflog?.kind === 'file' && reflog.content === undefined);
    assert.ok((state.entries.get('HEAD') as { content?: Buffer }).content?.toString().startsWith('ref: '));
  });

  it('puts back changed, added and removed files, folders and links, with their modes', () => {
    const dir = gitDir();
    const hook = path.join(dir, 'hooks', 'pre-commit');
    writeFileSync(hook, '#!/bin/sh\n', { mode: 0o755 });
    const changed = putBack(dir, () => {
      writeFileSync(path.join(dir, 'HEAD'), 'ref: refs/heads/elsewhere\n');
      writeFileSync(path.join(dir, 'objects', 'info', 'alternates'), '/tmp/store\n');
      mkdirSync(path.join(dir, 'refs', 'replace'));
      writeFileSync(path.join(dir, 'refs', 'replace', 'a'.repeat(40)), `${'b'.repeat(40)}\n`);
      rmSync(path.join(dir, 'description'));
      rmSync(hook);
      mkdirSync(hook);
      symlinkSync('/etc/passwd', path.join(dir, 'info', 'grafts'));
      mkdirSync(path.join(dir, 'rebase-merge'));
    });
    assert.deepEqual(changed, [
      'HEAD',
      'description',
      'hooks/pre-commit',
      'info/grafts',
      'objects/info/alternates',
      'rebase-merge',
      'refs/replace',
      `refs/replace/${'a'.repeat(40)}`,
    ]);
    assert.equal(lstatSync(hook).mode & 0o777, 0o755);
    assert.equal(existsSync(path.join(dir, 'rebase-merge')), false);
  });

  it('removes a link planted in place of a file without writing through it', () => {
    const dir = gitDir();
    const outside = path.join(root, `outside-${counter}`);
    writeFileSync(outside, 'outside\n');
    putBack(dir, () => {
      rmSync(path.join(dir, 'config'));
      symlinkSync(outside, path.join(dir, 'config'));
    });
    assert.equal(readFileSync(outside, 'utf8'), 'outside\n');
    assert.ok(lstatSync(path.join(dir, 'config')).isFile());
  });

  it('a link where a folder was (refs) goes, and the folder comes back whole', () => {
    const dir = gitDir();
    const elsewhere = path.join(root, `refs-${counter}`);
    putBack(dir, () => {
      execFileSync('mv', [path.join(dir, 'refs'), elsewhere]);
      symlinkSync(elsewhere, path.join(dir, 'refs'));
    });
    assert.ok(lstatSync(path.join(dir, 'refs')).isDirectory());
    assert.ok(existsSync(path.join(dir, 'refs', 'heads')));
  });

  it('cannot put back a swapped folder or object store', () => {
    const dir = gitDir();
    const before = readGitDir(dir);
    execFileSync('mv', [path.join(dir, 'objects'), path.join(root, `objects-${counter}`)]);
    symlinkSync(path.join(root, `objects-${counter}`), path.join(dir, 'objects'));
    const after = readGitDir(dir);
    assert.throws(() => restoreGitDir(before, after, changedEntries(before, after)), GitDirReplacedError);

    const swapped = gitDir();
    const first = readGitDir(swapped);
    execFileSync('mv', [swapped, `${swapped}-old`]);
    execFileSync('cp', ['-r', `${swapped}-old`, swapped]);
    assert.throws(() => restoreGitDir(first, readGitDir(swapped), []), /replaced the folder/);
  });

  it("treats a submodule's folder as a git folder of its own", () => {
    const dir = gitDir();
    const module = path.join(dir, 'modules', 'lib');
    execFileSync('git', ['init', '-q', '--bare', module]);
    writeFileSync(path.join(module, 'objects', 'ab'), 'not read\n');
    const state = readGitDir(dir);
    assert.ok(state.entries.has('modules/lib/config'));
    assert.ok(state.entries.has('modules/lib/objects'));
    assert.equal(state.entries.has('modules/lib/objects/ab'), false);
  });
});
