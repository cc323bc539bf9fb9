/**
 * Comparing two heads of a pull request through the compare API of the fake GitHub (checked
 * against the OpenAPI description): pushed on top, the same, force-pushed away, or unknown.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { compareCommits } from '../../../src/github/compare-commits.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';

const { server, octokit, repo } = await useFakeGitHub({ files: { 'a.ts': 'one\n', 'b.ts': 'bee\n' } });
afterEach(() => server.assertNoViolations());

describe('compareCommits', () => {
  it('lists the commits and files pushed on top of the old head', async () => {
    const main = (await server.git.resolve('main'))!;
    const first = await server.git.commit('topic', { 'a.ts': 'one\ntwo\n' }, 'Two', main);
    const second = await server.git.commit('topic', { 'b.ts': 'bee\nsee\n' }, 'See', first);
    const comparison = await compareCommits(octokit, repo, first, second);
    assert.equal(comparison.kind, 'ahead');
    if (comparison.kind !== 'ahead') return;
    assert.deepEqual(comparison.commits, [{ sha: second, subject: 'See' }]);
    assert.deepEqual(
      comparison.files.map((f) => [f.filename, f.status, f.patch]),
      [['b.ts', 'modified', '@@ -1 +1,2 @@\n bee\n+see']],
    );
    assert.deepEqual(await compareCommits(octokit, repo, second, second), { kind: 'identical' });
  });

  it('says the old head was dropped after a force-push, or is gone', async () => {
    const main = (await server.git.resolve('main'))!;
    const old = await server.git.commit('forced', { 'a.ts': 'old\n' }, 'Old', main);
    const rewritten = await server.git.commit('forced', { 'a.ts': 'new\n' }, 'New', main);
    const comparison = await compareCommits(octokit, repo, old, rewritten);
    assert.equal(comparison.kind, 'dropped');
    assert.equal(comparison.kind === 'dropped' && comparison.why, 'diverged');
    assert.deepEqual(await compareCommits(octokit, repo, 'f'.repeat(40), rewritten), {
      kind: 'dropped',
      why: 'gone',
      files: [],
    });
  });
});
