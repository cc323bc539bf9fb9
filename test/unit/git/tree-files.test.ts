import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createGitCommandManager } from '../../../src/git/git-command-manager.js';
import { readCommitTree } from '../../../src/git/read-file-on-branch.js';

const dir = mkdtempSync(path.join(tmpdir(), 'tree-files-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const git = (...args: string[]) =>
  execFileSync('git', ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    encoding: 'utf8',
  });

describe('a commit’s tree as the instruction files read it', () => {
  it('lists every blob and link with its mode, id and size, whatever its name holds; no submodules', async () => {
    git('init', '-q');
    mkdirSync(path.join(dir, 'deep', 'er'), { recursive: true });
    const files: Record<string, string> = {
      'AGENTS.md': '# rules\n',
      'deep/er/CLAUDE.md': 'x'.repeat(300),
      'tab\tand space.md': 't\n',
      'new\nline.md': 'n\n',
      'blob 100644 fake\tpath': 'f\n',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    symlinkSync('AGENTS.md', path.join(dir, 'GEMINI.md'));
    git('add', '.');
    git('update-index', '--add', '--cacheinfo', `160000,${'1'.repeat(40)},vendor/sub`);
    git('commit', '-qm', 'tree');
    const sha = git('rev-parse', 'HEAD').trim();
    const manager = createGitCommandManager({
      cwd: dir,
      token: '',
      serverUrl: 'http://git.invalid',
      env: { PATH: process.env['PATH'] },
    });
    const tree = await readCommitTree(manager, 'main', sha);
    assert.deepEqual([...tree.files.keys()].sort(), [...Object.keys(files), 'GEMINI.md'].sort());
    assert.equal(tree.files.size, 6);
    assert.equal(tree.files.has('vendor/sub'), false);
    for (const [name, text] of Object.entries(files)) {
      const oid = git('rev-parse', `${sha}:${name}`).trim();
      assert.deepEqual(tree.files.get(name), { mode: '100644', oid, bytes: Buffer.byteLength(text) }, name);
    }
    assert.equal(tree.files.get('GEMINI.md')?.mode, '120000');
    assert.equal(tree.files.get('GEMINI.md')?.bytes, 'AGENTS.md'.length);
    assert.equal(tree.files.get('missing.md'), undefined);
    assert.deepEqual(
      [...tree.files.entries()].find(([name]) => name === 'AGENTS.md')?.[1],
      tree.files.get('AGENTS.md'),
    );
    assert.equal(await tree.read('tab\tand space.md'), 't\n');
  });
});
