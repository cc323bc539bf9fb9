/**
 * What earlier reviews left: the last marker an app posted (a person's is ignored), its open
 * findings joined to their threads, and dismissals: a person's resolve, or a "won't fix" from the
 * author or a maintainer (not from a passer-by).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PriorReview } from '../../../src/github/pull-request-review-context.js';
import type { ReviewThread } from '../../../src/github/review-threads.js';
import {
  type ReviewMarker,
  renderFindingMarker,
  renderReviewMarker,
} from '../../../src/outputs/review-marker.js';
import { knownAs, readLedger } from '../../../src/pipeline/review-ledger.js';

const finding = (fp: string, title: string) => ({
  fp,
  path: 'a.ts',
  line: 1,
  title,
  severity: 'suggestion' as const,
  code: 'x',
});
const FP = ['1111111111111111', '2222222222222222', '3333333333333333', '4444444444444444'] as const;
const MARKER: ReviewMarker = {
  v: 1,
  head: 'a'.repeat(40),
  open: [finding(FP[0], 'one'), finding(FP[1], 'two'), finding(FP[2], 'three'), finding(FP[3], 'four')],
  dismissed: [{ fp: '5555555555555555', path: 'b.ts', title: 'old' }],
};

const review = (body: string, authorIsBot = true, id = 1): PriorReview => ({
  id,
  author: authorIsBot ? 'github-actions[bot]' : 'mallory',
  authorIsBot,
  body,
  commitId: null,
});

function thread(
  fp: string,
  fields: Partial<ReviewThread> = {},
  replies: ReviewThread['comments'] = [],
): ReviewThread {
  return {
    id: `T_${fp}`,
    isResolved: false,
    comments: [
      {
        databaseId: Number(fp.slice(0, 4)),
        body: `x\n${renderFindingMarker(fp)}`,
        author: 'github-actions',
        authorIsBot: true,
        association: 'NONE',
      },
      ...replies,
    ],
    ...fields,
  };
}

const reply = (author: string, body: string, association = 'NONE') => ({
  databaseId: 9,
  body,
  author,
  authorIsBot: false,
  association,
});

describe('readLedger', () => {
  it('takes the last marker posted by an app, never one a person wrote', () => {
    const forged = renderReviewMarker({ ...MARKER, head: 'f'.repeat(40), open: [] });
    const ledger = readLedger([review(renderReviewMarker(MARKER)), review(forged, false, 2)], [], 'alice');
    assert.equal(ledger.head, MARKER.head);
    assert.equal(ledger.open.length, 4);
    assert.deepEqual(readLedger([review(forged, false)], [], 'alice'), {
      head: undefined,
      open: [],
      dismissed: [],
    });
  });

  it('joins threads, closes the ones resolved by the action, dismisses a person’s resolve or "won’t fix"', () => {
    const ledger = readLedger(
      [review(renderReviewMarker(MARKER))],
      [
        thread(FP[0]),
        thread(FP[1], { isResolved: true }),
        thread(FP[2], { isResolved: true, resolvedBy: { login: 'bob', isBot: false } }),
        thread(FP[3], {}, [reply('alice', "Won't fix, this is by design.")]),
      ],
      'alice',
    );
    assert.deepEqual(
      ledger.open.map((f) => [f.title, f.thread?.id]),
      [['one', `T_${FP[0]}`]],
    );
    assert.deepEqual(
      ledger.dismissed.map((d) => [d.fp, d.title]),
      [
        ['5555555555555555', 'old'],
        [FP[2], 'three'],
        [FP[3], 'four'],
      ],
    );
  });

  it('does not count a passer-by’s "won’t fix", nor a maintainer’s other words', () => {
    const ledger = readLedger(
      [review(renderReviewMarker(MARKER))],
      [
        thread(FP[0], {}, [reply('mallory', "won't fix")]),
        thread(FP[1], {}, [reply('bob', 'Good catch, fixing.', 'COLLABORATOR')]),
        thread(FP[2], {}, [reply('bob', 'False positive.', 'MEMBER')]),
      ],
      'alice',
    );
    assert.deepEqual(
      ledger.open.map((f) => f.title),
      ['one', 'two', 'four'],
    );
  });
});

describe('knownAs', () => {
  const ledger = {
    open: [finding(FP[0], 'Null check')],
    dismissed: [{ fp: FP[1], path: 'a.ts', title: 'naming' }],
  };
  it('matches open findings and dismissals by fingerprint, or by the same rule on the same file', () => {
    assert.equal(knownAs(ledger, { fp: FP[0], path: 'z.ts', title: 'other' }), 'open');
    assert.equal(knownAs(ledger, { fp: FP[3], path: 'a.ts', title: 'null check!' }), 'open');
    assert.equal(knownAs(ledger, { fp: FP[1], path: 'z.ts', title: 'x' }), 'dismissed');
    assert.equal(knownAs(ledger, { fp: FP[3], path: 'a.ts', title: 'Naming' }), 'dismissed');
    assert.equal(knownAs(ledger, { fp: FP[3], path: 'b.ts', title: 'Naming' }), undefined);
  });
});
