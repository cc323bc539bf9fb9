/** `planWork` for review comments, against the fake GitHub server: when the answer goes in the thread. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Mode } from '../../../src/inputs.js';
import { planWork } from '../../../src/run/plan-work.js';
import type { ReviewCommentTrigger } from '../../../src/triggers/trigger.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';

const { server, octokit, repo } = await useFakeGitHub({ files: { 'a.txt': 'one\n' } });

/** A pull request (from a fork when `fork`) with one `/agent` review comment; returns its trigger. */
async function reviewTrigger(fork: boolean): Promise<ReviewCommentTrigger> {
  const main = (await server.git.resolve('main'))!;
  const pr = server.state.addPullRequest({
    title: 'Two',
    headRef: fork ? 'patch-1' : `feature-${server.state.pulls().length}`,
    baseRef: 'main',
    ...(fork ? { headRepo: 'someone/Hello-World' } : {}),
  });
  const ref = fork ? `refs/pull/${pr.number}/head` : pr.pull!.headRef;
  const head = await server.git.commit(ref, { 'a.txt': 'two\n' }, 'two', main);
  const comment = server.state.addReviewComment({
    pullNumber: pr.number,
    body: '/agent say three',
    user: 'alice',
    path: 'a.txt',
    line: 1,
    diffHunk: '@@ -1 +1 @@\n-one\n+two',
    commitId: head,
  });
  return {
    kind: 'review-comment',
    prNumber: pr.number,
    title: pr.title,
    body: '',
    commentId: comment.id,
    threadRootId: comment.id,
    instruction: 'say three',
    path: 'a.txt',
    startLine: null,
    line: 1,
    diffHunk: comment.diffHunk,
    headRef: pr.pull!.headRef,
    headSha: head,
    headRepository: pr.pull!.headRepo,
    actor: { login: 'alice', type: 'User' },
  };
}

const plan = (trigger: ReviewCommentTrigger, mode: Mode) =>
  planWork(octokit, repo, trigger, { mode, branchPrefix: 'agent/', baseBranch: 'main' });

describe('planWork for review comments', () => {
  it('answers in the thread when it pushes to the PR branch or answers a fork with a patch', async () => {
    const same = await plan(await reviewTrigger(false), 'auto');
    assert.equal(same.publish.kind, 'push');
    assert.equal(same.replyThread?.comment.body, '/agent say three');
    assert.equal(same.pullRequest?.sameRepo, true);
    assert.deepEqual(same.reaction, { kind: 'review-comment', id: same.replyThread?.comment.id });

    const fork = await plan(await reviewTrigger(true), 'auto');
    assert.deepEqual(fork.publish, { kind: 'comment' });
    assert.equal(fork.replyThread?.pullRequest.sameRepo, false);
    assert.match(fork.from[0] && 'via' in fork.from[0] ? fork.from[0].via : '', /^refs\/pull\/\d+\/head$/);
  });

  it('keeps the conversation path in pr and comment modes of a same-repository PR', async () => {
    const trigger = await reviewTrigger(false);
    const pr = await plan(trigger, 'pr');
    assert.equal(pr.publish.kind, 'pull-request');
    assert.equal(pr.replyThread, undefined);
    const comment = await plan(trigger, 'comment');
    assert.deepEqual(comment.publish, { kind: 'comment' });
    assert.equal(comment.replyThread, undefined);
  });

  it('falls back to the pull request conversation when the comment was deleted', async () => {
    const trigger = await reviewTrigger(false);
    server.state.reviewComments.delete(trigger.commentId);
    const planned = await plan(trigger, 'auto');
    assert.equal(planned.replyThread, undefined);
    assert.deepEqual(planned.publish, { kind: 'push', branch: trigger.headRef });
    assert.equal(planned.conversation, trigger.prNumber);
    server.assertNoViolations();
  });
});
