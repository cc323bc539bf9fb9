/** The review body: summary, counts by severity, folded comments and the transcript, within the limit. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderReviewBody, severityCounts } from '../../../src/outputs/review-body.js';
import type { ReviewCommentDraft } from '../../../src/outputs/review-comments.js';

const c = (severity: ReviewCommentDraft['severity'], line = 1): ReviewCommentDraft => ({
  path: 'a.ts',
  line,
  body: `${severity} here`,
  severity,
});

describe('renderReviewBody', () => {
  it('counts by severity', () => {
    assert.equal(severityCounts([]), 'no comments');
    assert.equal(severityCounts([c('nit'), c('blocking'), c('nit')]), '1 blocking · 2 nits');
  });

  it('lists folded comments with path:line and fits the transcript in what is left', () => {
    let room = -1;
    const body = renderReviewBody({
      summary: 'Looks good.',
      comments: [c('blocking'), c('suggestion', 7)],
      folded: [{ ...c('suggestion', 7), startLine: 5, suggestion: 'x' }],
      repeated: 2,
      transcript: (max) => {
        room = max;
        return '<details>T</details>';
      },
      maxChars: 1_000,
    });
    assert.match(body, /^Looks good\.\n\n\*\*Comments:\*\* 1 blocking · 1 suggestion \(2 already made/);
    assert.match(body, /- `a\.ts:5-7` suggestion here\n {2}\n {2}```suggestion\n {2}x\n {2}```/);
    assert.ok(body.endsWith('<details>T</details>'));
    assert.ok(room > 0 && room < 1_000 - body.indexOf('<details>'));
  });
});
