/**
 * What a review covers, decided against the fake GitHub's compare API: the whole pull request the
 * first time, on a force-push and when nothing moved; otherwise only the pull request's files
 * changed since the last reviewed head (a file brought in by merging the base is not one of them).
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { ChangedFile } from '../../../src/github/diff-lines.js';
import { decideReviewScope } from '../../../src/run/review-scope.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';
import { runSetting } from '../../helpers/run-context.js';

const { server: github } = await useFakeGitHub({ files: { 'a.ts': 'a\n', 'b.ts': 'b\n', 'c.ts': 'c\n' } });
afterEach(() => github.assertNoViolations());

const prFiles: ChangedFile[] = ['a.ts', 'b.ts'].map((filename) => ({
  filename,
  status: 'modified',
  additions: 1,
  deletions: 0,
}));

describe('decideReviewScope', () => {
  it('is full the first time and when the head did not move', async () => {
    const { ctx } = await runSetting(github);
    const head = (await github.git.resolve('main'))!;
    assert.deepEqual(await decideReviewScope(ctx, undefined, head, prFiles), {
      kind: 'full',
      reason: 'first',
      files: prFiles,
    });
    const same = await decideReviewScope(ctx, head, head, prFiles);
    assert.equal(same.kind === 'full' && same.reason, 'same-head');
  });

  it('covers the pull request’s files changed since the last head, not the base merged in', async () => {
    const { ctx } = await runSetting(github);
    const main = (await github.git.resolve('main'))!;
    const reviewed = await github.git.commit('scope', { 'a.ts': 'a1\n', 'b.ts': 'b1\n' }, 'One', main);
    const next = await github.git.commit(
      'scope',
      { 'b.ts': 'b2\n', 'c.ts': 'c from main\n' },
      'Two',
      reviewed,
    );
    const scope = await decideReviewScope(ctx, reviewed, next, prFiles);
    assert.equal(scope.kind, 'incremental');
    if (scope.kind !== 'incremental') return;
    assert.equal(scope.since, reviewed);
    assert.deepEqual(scope.commits, [{ sha: next, subject: 'Two' }]);
    assert.deepEqual(
      scope.files.map((f) => [f.filename, f.patch]),
      [['b.ts', '@@ -1 +1 @@\n-b1\n+b2']],
    );
  });

  it('is full again after a force-push or when the old head is gone', async () => {
    const { ctx, logs } = await runSetting(github);
    const main = (await github.git.resolve('main'))!;
    const old = await github.git.commit('forced', { 'a.ts': 'old\n' }, 'Old', main);
    const rewritten = await github.git.commit('forced', { 'a.ts': 'new\n' }, 'New', main);
    const forced = await decideReviewScope(ctx, old, rewritten, prFiles);
    assert.deepEqual(forced, { kind: 'full', reason: 'force-push', files: prFiles, previousHead: old });
    assert.match(logs.info.join('\n'), /is not in the history of [0-9a-f]{7} \(diverged\)/);
    const gone = await decideReviewScope(ctx, 'f'.repeat(40), rewritten, prFiles);
    assert.equal(gone.kind === 'full' && gone.reason, 'force-push');
  });
});
