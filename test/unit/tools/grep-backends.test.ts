import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { searchGitEnv } from '../../../src/git/git-env.js';
import { type GrepQuery, searchWithJs } from '../../../src/tools/grep-backends.js';

describe('grep fallback (js) and .gitignore', () => {
  let root: string;
  const query = (): GrepQuery => ({
    pattern: 'needle',
    root,
    target: '.',
    targetIsFile: false,
    limit: 100,
    signal: new AbortController().signal,
    env: searchGitEnv({ PATH: process.env['PATH'] ?? '/usr/bin:/bin' }, root),
  });

  before(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'grep-backends-'));
    execFileSync('git', ['init', '-q'], { cwd: root });
    await writeFile(path.join(root, '.gitignore'), 'ignored.txt\n');
    await writeFile(path.join(root, 'kept.txt'), 'a needle\n');
    await writeFile(path.join(root, 'ignored.txt'), 'another needle\n');
  });
  after(() => rm(root, { recursive: true, force: true }));

  it('leaves out what .gitignore excludes', async () => {
    assert.deepEqual(await searchWithJs(query()), { kind: 'lines', lines: ['kept.txt:1:a needle'] });
  });

  it('fails the search when git cannot tell what is ignored, instead of searching everything', async () => {
    // A corrupt index makes `git check-ignore` fail (exit 128), as a killed one would.
    await writeFile(path.join(root, '.git', 'index'), 'not an index');
    const outcome = await searchWithJs(query());
    assert.equal(outcome.kind, 'error', JSON.stringify(outcome));
    assert.match(outcome.kind === 'error' ? outcome.message : '', /check-ignore failed.*index/);
  });
});
