/**
 * The review task: the whole diff for a first review; for a re-review only what changed since the
 * last reviewed head, the commits in between, the files not to review again, and the findings
 * already open or dismissed; people's comments on the files under review, not the action's own.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PullRequestForReview } from '../../../src/github/pull-request-review-context.js';
import { renderFindingMarker } from '../../../src/outputs/review-marker.js';
import { buildPullRequestReviewTask } from '../../../src/prompt/pull-request-review-task.js';

const file = (filename: string, patch: string) => ({
  filename,
  status: 'modified',
  additions: 1,
  deletions: 0,
  patch,
});
const PR: PullRequestForReview = {
  number: 7,
  title: 'Add things',
  body: 'Body.',
  author: 'alice',
  baseRef: 'main',
  baseSha: 'b'.repeat(40),
  headRef: 'topic',
  headSha: 'h'.repeat(40),
  draft: false,
  files: [file('a.ts', '@@ -1 +1,2 @@\n a\n+A'), file('b.ts', '@@ -1 +1,2 @@\n b\n+B')],
  earlier: [
    { author: 'bob', authorIsBot: false, path: 'b.ts', line: 2, body: 'Why B?', lineContent: 'B' },
    { author: 'bob', authorIsBot: false, path: 'a.ts', line: 2, body: 'Why A?', lineContent: 'A' },
    {
      author: 'github-actions[bot]',
      authorIsBot: true,
      path: 'b.ts',
      line: 2,
      body: `B is wrong.\n\n<details>why</details>\n\n${renderFindingMarker('1'.repeat(16))}`,
      lineContent: 'B',
    },
  ],
  reviews: [],
};

describe('buildPullRequestReviewTask', () => {
  it('gives a first review the whole diff', () => {
    const { task, context } = buildPullRequestReviewTask(PR, { repository: 'o/r' });
    assert.match(task, /The diff below is the change under review\./);
    const text = context.map((c) => `${c.source}\n${c.text}`).join('\n');
    assert.match(text, /changed files of pull request #7 \(2\)[\s\S]*\+A[\s\S]*\+B/);
  });

  it('gives a re-review only the change since the last head, and what is already known', () => {
    const { task, context } = buildPullRequestReviewTask(PR, {
      repository: 'o/r',
      scope: {
        kind: 'incremental',
        since: 's'.repeat(40),
        commits: [{ sha: 'c'.repeat(40), subject: 'Change B' }],
        files: [file('b.ts', '@@ -2 +2 @@\n-B\n+BB')],
      },
      open: [{ path: 'b.ts', line: 2, title: 'B is wrong' }],
      dismissed: [{ path: 'a.ts', title: 'naming' }],
    });
    assert.match(task, /This is a re-review: the pull request was last reviewed at s{40}/);
    assert.match(task, /Reviewed before and unchanged since \(do not review again\): a\.ts\./);
    const parts = Object.fromEntries(context.map((c) => [c.source, c.text]));
    assert.equal(parts['commits pushed since the last review (1)'], '- ccccccc Change B');
    assert.match(parts['files changed since the last review (1)'] ?? '', /\+BB/);
    assert.doesNotMatch(parts['files changed since the last review (1)'] ?? '', /\+A/);
    assert.equal(
      parts['findings raised by earlier reviews, still open (do not raise them again)'],
      '- b.ts:2: B is wrong',
    );
    assert.equal(parts['findings people dismissed (never raise them again)'], '- a.ts: naming');
    assert.equal(
      parts['review comments already made on pull request #7 (do not repeat them)'],
      '- b.ts:2 by @bob: Why B?',
      'only comments on the files under review, and not the action’s own findings',
    );
  });
});
