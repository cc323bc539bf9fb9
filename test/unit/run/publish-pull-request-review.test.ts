/**
 * publishPullRequestReview's count of blocking findings: a blocking finding an earlier review
 * raised and nobody fixed still counts, so a later review that adds nothing new is ⚠️, not ✅.
 * The review is posted on the fake GitHub and its body read back.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { diffLines } from '../../../src/github/diff-lines.js';
import type { OpenFinding } from '../../../src/pipeline/review-ledger.js';
import {
  publishPullRequestReview,
  type ReviewPublishInput,
} from '../../../src/run/publish-pull-request-review.js';
import { reviewsOf } from '../../fakes/github-handlers-reviews.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';
import { runSetting } from '../../helpers/run-context.js';

const { server: github } = await useFakeGitHub({ files: { 'a.js': 'export const a = 1;\n' } });
afterEach(() => github.assertNoViolations());

const earlier = (severity: OpenFinding['severity']): OpenFinding => ({
  fp: '1111111111111111',
  path: 'a.js',
  line: 1,
  title: 'Divides by zero',
  severity,
  code: 'export const a = 1;',
});

/** A re-review with no new findings, `open` carried from the last one. */
async function rereview(open: OpenFinding[]) {
  const main = (await github.git.resolve('main'))!;
  const branch = `a-${open[0]?.severity}`;
  const pr = github.state.addPullRequest({
    title: 'A',
    headRef: branch,
    baseRef: 'main',
    user: 'alice',
  });
  const head = await github.git.commit(branch, { 'a.js': 'export const a = 2;\n' }, 'Two', main);
  const setting = await runSetting(github);
  const input: ReviewPublishInput = {
    prNumber: pr.number,
    commitId: head,
    summary: 'Looked again.',
    scope: { kind: 'incremental', since: main, commits: [{ sha: head, subject: 'Two' }], files: [] },
    findings: [],
    dropped: {},
    repeated: 0,
    dismissedAgain: 0,
    prDiff: diffLines([]),
    earlier: [],
    open,
    resolved: [],
    dismissed: [],
    transcript: () => '',
  };
  const publication = await publishPullRequestReview(setting.ctx, input);
  const body = reviewsOf(github.state).find((r) => r.pullNumber === pr.number)?.body ?? '';
  return { publication, body };
}

describe('publishPullRequestReview', () => {
  it('counts a blocking finding still open from an earlier review, so the review is not ✅', async () => {
    const { publication, body } = await rereview([earlier('blocking')]);
    assert.equal(publication.outcome.blockingFindings, 1);
    assert.match(body, /^:warning: \*\*Reviewed\*\* — 1 blocking finding/, body);
    assert.doesNotMatch(body, /✅/);
  });

  it('stays ✅ when what is still open does not block', async () => {
    const { publication, body } = await rereview([earlier('suggestion')]);
    assert.equal(publication.outcome.blockingFindings, 0);
    assert.match(body, /^✅ \*\*Reviewed\*\* — no blocking findings/, body);
  });
});
