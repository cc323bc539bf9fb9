/**
 * Posting a review against the fake GitHub server, which validates the request against GitHub's
 * OpenAPI description and, like GitHub, refuses a whole review with 422 when a comment's line is
 * not in the diff: the action then posts the review again with every comment in the body.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { postPullRequestReview } from '../../../src/outputs/pull-request-review.js';
import { reviewsOf } from '../../fakes/github-handlers-reviews.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';

const LINES = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`);
const { server, octokit, repo } = await useFakeGitHub({ files: { 'a.txt': `${LINES.join('\n')}\n` } });
// Lines 2 and 11 change: two hunks (1-5 and 8-12), and lines 6-7 are in neither.
const CHANGED = LINES.map((l, i) => (i === 1 || i === 10 ? l.toUpperCase() : l));

async function pull() {
  const main = (await server.git.resolve('main'))!;
  const pr = server.state.addPullRequest({
    title: 'Change',
    headRef: `b-${server.state.pulls().length}`,
    baseRef: 'main',
  });
  const head = await server.git.commit(pr.pull!.headRef, { 'a.txt': `${CHANGED.join('\n')}\n` }, 'c', main);
  return { pr, head };
}

describe('postPullRequestReview', () => {
  it('posts one COMMENT review with inline comments whose diff_hunk ends at their line', async () => {
    const { pr, head } = await pull();
    const posted = await postPullRequestReview(octokit, repo, {
      prNumber: pr.number,
      commitId: head,
      comments: [{ path: 'a.txt', line: 2, side: 'RIGHT', body: 'Shouting?' }],

      body: (allFolded) => (allFolded ? 'folded' : 'summary'),
    });
    assert.equal(posted.inline, 1);
    assert.equal(posted.refused, undefined);
    const [review] = reviewsOf(server.state).filter((r) => r.pullNumber === pr.number);
    assert.equal(review?.event, 'COMMENT');
    assert.equal(review?.body, 'summary');
    const comment = server.state.reviewComments.get(review!.commentIds[0]!)!;
    assert.equal(comment.diffHunk, '@@ -1,5 +1,5 @@\n line 1\n-line 2\n+LINE 2');
    assert.deepEqual(server.violations, []);
  });

  it('falls back to a body-only review when GitHub answers 422 for a line outside the diff', async () => {
    const { pr, head } = await pull();
    const before = server.requests.length;
    const posted = await postPullRequestReview(octokit, repo, {
      prNumber: pr.number,
      commitId: head,
      comments: [
        { path: 'a.txt', line: 11, side: 'RIGHT', body: 'Fine' },
        { path: 'a.txt', line: 7, side: 'RIGHT', body: 'Between the hunks' },
      ],
      body: (allFolded) => (allFolded ? 'summary with every comment folded' : 'summary'),
    });
    assert.equal(posted.inline, 0);
    assert.match(posted.refused ?? '', /must be part of the diff/);
    const posts = server.requests
      .slice(before)
      .filter((r) => r.method === 'POST' && r.url.endsWith('/reviews'));
    assert.equal(posts.length, 2, 'refused, then posted without inline comments');
    const [review] = reviewsOf(server.state).filter((r) => r.pullNumber === pr.number);
    assert.equal(review?.body, 'summary with every comment folded');
    assert.deepEqual(review?.commentIds, []);
    assert.deepEqual(server.violations, []);
  });
});

describe('the fake reviews endpoint', () => {
  it('refuses a multi-line comment spanning two hunks, as GitHub does', async () => {
    const { pr, head } = await pull();
    const error = await octokit
      .request('POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews', {
        ...repo,
        pull_number: pr.number,
        commit_id: head,
        event: 'COMMENT',
        body: 'x',
        comments: [
          { path: 'a.txt', start_line: 2, start_side: 'RIGHT', line: 11, side: 'RIGHT', body: 'Range' },
        ],
      })
      .then(
        () => undefined,
        (e: { status: number }) => e,
      );
    assert.equal(error?.status, 422);
    assert.deepEqual(server.violations, [], 'a valid request refused for its lines, not its shape');
  });
});
