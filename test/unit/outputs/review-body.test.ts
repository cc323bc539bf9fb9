/**
 * The review body: summary, scope, counts by severity (or the short "No issues" line), what the
 * checks dropped, resolved threads, findings outside the inline comments, and the transcript,
 * within the limit; the outcome's headline above it all and the run's footer below.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReviewCommentDraft } from '../../../src/findings/review-comment-draft.js';
import {
  droppedLine,
  type ReviewBodyInput,
  renderReviewBody,
  severityCounts,
} from '../../../src/outputs/review-body.js';

const c = (severity: ReviewCommentDraft['severity'], line = 1): ReviewCommentDraft => ({
  path: 'a.ts',
  line,
  body: `${severity} here`,
  severity,
});

const base: ReviewBodyInput = {
  summary: 'Looks good.',
  scope: 'Reviewed the whole pull request (2 files).',
  noIssues: 'No issues in the 2 files of this pull request.',
  comments: [],
  folded: [],
  repeated: 0,
  transcript: () => '<details>T</details>',
  maxChars: 10_000,
};

describe('renderReviewBody', () => {
  it('counts by severity', () => {
    assert.equal(severityCounts([]), 'no comments');
    assert.equal(severityCounts([c('nit'), c('blocking'), c('nit')]), '1 blocking · 2 nits');
  });

  it('lists folded comments with path:line and fits the transcript in what is left', () => {
    let room = -1;
    const body = renderReviewBody({
      ...base,
      comments: [c('blocking'), c('suggestion', 7)],
      folded: [{ ...c('suggestion', 7), startLine: 5, suggestion: 'x' }],
      repeated: 2,
      dismissed: 1,
      transcript: (max) => {
        room = max;
        return '<details>T</details>';
      },
      maxChars: 1_000,
    });
    assert.match(
      body,
      /^Looks good\.\n\nReviewed the whole pull request \(2 files\)\.\n\n\*\*Comments:\*\* 1 blocking · 1 suggestion \(2 already raised and still open, not repeated; 1 dismissed earlier, not raised again\)/,
    );
    assert.match(body, /- `a\.ts:5-7` suggestion here\n {2}\n {2}```suggestion\n {2}x\n {2}```/);
    assert.ok(body.endsWith('<details>T</details>'));
    assert.ok(room > 0 && room < 1_000 - body.indexOf('<details>'));
  });

  it('is short when nothing was found: the scope and the "No issues" line', () => {
    const body = renderReviewBody({
      ...base,
      scope: 'Reviewed the 3 files changed since the last review at abc1234 (1 commit).',
      noIssues: 'No issues in the 3 files changed since the last review.',
    });
    assert.equal(
      body,
      'Looks good.\n\nReviewed the 3 files changed since the last review at abc1234 (1 commit).\n\nNo issues in the 3 files changed since the last review.\n\n<details>T</details>',
    );
  });

  it('says what was dropped, resolved, over the limit, below the severity, and that a newer push exists', () => {
    const body = renderReviewBody({
      ...base,
      newerHead: 'f'.repeat(40),
      comments: [c('blocking'), c('suggestion', 2), c('nit', 3)],
      overflow: { findings: [c('suggestion', 2)], limit: 1 },
      below: { findings: [c('nit', 3)], threshold: 'suggestion' },
      dropped: { 'quote-not-there': 3 },
      resolved: [{ path: 'a.ts', line: 9, title: 'unchecked null', why: 'a guard was added' }],
      reviewers: '**Reviewers:** correctness, security · 1,000 tokens',
    });
    assert.match(body, /A newer push \(fffffff\) arrived while this review ran/);
    assert.match(body, /\n3 findings dropped: the quoted code was not there\.\n/);
    assert.match(body, /### Resolved since the last review\n\n- `a\.ts:9` unchecked null: a guard was added/);
    assert.match(
      body,
      /### Over the limit of 1 inline comments \(`max-review-comments`\)\n\n- `a\.ts:2` suggestion here/,
    );
    assert.match(
      body,
      /<details><summary>1 finding below `review-min-severity` \(suggestion\)<\/summary>\n\n- `a\.ts:3` \*\*Nit:\*\* nit here\n\n<\/details>/,
    );
    assert.match(body, /\*\*Reviewers:\*\* correctness, security · 1,000 tokens\n\n<details>T/);
  });

  it('opens with the headline and ends with the footer, the transcript fitted between them', () => {
    const room: number[] = [];
    const render = (footer?: string) =>
      renderReviewBody({
        ...base,
        comments: [c('blocking')],
        headline: ':warning: **Reviewed** — 1 blocking finding',
        ...(footer ? { footer } : {}),
        transcript: (max) => {
          room.push(max);
          return '<details>T</details>\n';
        },
        maxChars: 2_000,
      });
    const footer = '<sub>`m` · 4s · 2 turns · 10 tokens · [run log](u)</sub>';
    const body = render(footer);
    assert.match(
      body,
      /^:warning: \*\*Reviewed\*\* — 1 blocking finding\n\nLooks good\.\n\nReviewed the whole pull request \(2 files\)\.\n\n\*\*Comments:\*\* 1 blocking\n\n<details>T<\/details>\n\n<sub>/,
    );
    assert.ok(body.endsWith(footer));
    render();
    assert.equal(room[1]! - room[0]!, footer.length + 2, 'the footer takes its room from the transcript');
  });

  it('words the dropped count per reason', () => {
    assert.equal(droppedLine({}), '');
    assert.equal(
      droppedLine({ 'off-diff': 1 }),
      '1 finding dropped: the lines are not in or next to the reviewed diff.',
    );
    assert.equal(
      droppedLine({ 'quote-not-there': 2, 'suggestion-fails-verify': 1 }),
      '3 findings dropped: the quoted code was not there (2); the suggestion made verify-command fail (1).',
    );
  });
});
