import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeMode } from '../../../src/run/mode-note.js';

const pr = { number: 5, headRef: 'feature', headSha: 'a'.repeat(40), baseRef: 'main', sameRepo: true };

describe('describeMode', () => {
  it('says a pull request is opened and from which branch into which', () => {
    const line = describeMode('auto', {
      publish: { kind: 'pull-request', branch: 'agent/check-9', base: 'release' },
    });
    assert.equal(line, 'Mode: pull request from `agent/check-9` into `release` (`mode: auto`)');
  });

  it('says why mode pr on a PR comment opens a PR instead of pushing', () => {
    const line = describeMode('pr', {
      publish: { kind: 'pull-request', branch: 'agent/pr-5', base: 'feature' },
      pullRequest: pr,
      conversation: 5,
    });
    assert.match(line, /instead of pushing/);
  });

  it('says a push goes to the PR branch', () => {
    assert.match(
      describeMode('auto', { publish: { kind: 'push', branch: 'feature' }, pullRequest: pr }),
      /push to the pull request's branch `feature`/,
    );
  });

  it('says where an answer goes: a comment, or the job summary when there is no conversation', () => {
    assert.match(
      describeMode('comment', { publish: { kind: 'comment' }, conversation: 3 }),
      /a comment on #3 \(`mode: comment`\)/,
    );
    assert.match(
      describeMode('comment', { publish: { kind: 'comment' } }),
      /the job summary, since this run has no issue or pull request/,
    );
  });

  it('never switches silently: auto answered with a comment on a fork says why', () => {
    const line = describeMode('auto', {
      publish: { kind: 'comment' },
      conversation: 5,
      pullRequest: { ...pr, sameRepo: false },
    });
    assert.match(line, /`mode: auto`, but the pull request's head is in a fork/);
  });
});

describe('describeMode for reviews', () => {
  it('says a review is read only, who asked, and that a fork runs nothing', () => {
    const review = { publish: { kind: 'comment' as const }, pullRequest: pr, review: { explicit: true } };
    assert.equal(
      describeMode('auto', review),
      'Mode: review of pull request #5, read only, nothing pushed (`mode: auto`, asked for in a comment)',
    );
    assert.match(
      describeMode('review', {
        ...review,
        pullRequest: { ...pr, sameRepo: false },
        review: { explicit: false },
      }),
      /\(`mode: review`; from a fork, so no commands run\)$/,
    );
  });
});
