/** Which PR comments ask for a review, and what a review plan checks out and publishes. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isReviewRequest, reviewWorkPlan, startsWithReview } from '../../../src/run/review-plan.js';

describe('review plans', () => {
  it('takes `review` as the first word only', () => {
    assert.ok(startsWithReview('review'));
    assert.ok(startsWithReview('Review, focus on tests'));
    assert.ok(startsWithReview('review the parser'));
    assert.ok(!startsWithReview('reviewer notes'));
    assert.ok(!startsWithReview('please review'));
  });

  it('reviews every PR comment in review mode, `review …` ones in auto mode, none in pr/comment mode', () => {
    assert.ok(isReviewRequest('why does it fail?', 'review'));
    assert.ok(isReviewRequest('review', 'auto'));
    assert.ok(!isReviewRequest('why does it fail?', 'auto'));
    assert.ok(!isReviewRequest('review', 'comment'));
    assert.ok(!isReviewRequest('review', 'pr'));
  });

  it('checks the head out by sha through the pull ref and never targets a push', () => {
    const plan = reviewWorkPlan(
      { number: 7, headRef: 'feature', headSha: 'abc', baseRef: 'main', sameRepo: true },
      'agent/',
      { explicit: false },
    );
    assert.deepEqual(plan.from, [{ sha: 'abc', via: 'refs/pull/7/head' }]);
    assert.equal(plan.branch, 'agent/review-7');
    assert.deepEqual(plan.publish, { kind: 'comment' });
  });
});
