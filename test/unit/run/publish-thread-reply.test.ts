/**
 * publishThreadReply's decisions: where the reply goes (the thread's first comment, also when the
 * run was started by a reply in it), what a fork gets instead of a push, and the fallback to the
 * tracking comment when the thread is gone. Read back from the fake GitHub and its bare repository.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { publishThreadReply } from '../../../src/run/publish-thread-reply.js';
import type { ReviewCommentTrigger } from '../../../src/triggers/trigger.js';
import { requireSignedCommits } from '../../fakes/rulesets.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';
import {
  ALICE,
  agentResult,
  checkOut,
  editWorkspace,
  planFor,
  runSetting,
} from '../../helpers/run-context.js';

const { server: github } = await useFakeGitHub({ files: { 'greet.js': "export const greet = 'hi';\n" } });
afterEach(() => github.assertNoViolations());

const HEY = "export const greet = 'hey';\n";
const HUNK = "@@ -1 +1 @@\n-export const greet = 'hello';\n+export const greet = 'hi';";

/** A pull request from `branch` (or a fork's), a review comment on its line 1, and a reply asking the agent. */
async function replyThread(branch: string, options: { fork?: boolean } = {}) {
  const main = (await github.git.resolve('main'))!;
  const pr = github.state.addPullRequest({
    title: 'Say hi',
    headRef: branch,
    baseRef: 'main',
    user: 'alice',
    ...(options.fork ? { headRepo: 'someone/Hello-World' } : {}),
  });
  const ref = options.fork ? `refs/pull/${pr.number}/head` : branch;
  const head = await github.git.commit(ref, { 'greet.js': "export const greet = 'hi!';\n" }, 'Hi', main);
  const common = {
    pullNumber: pr.number,
    user: 'alice',
    path: 'greet.js',
    line: 1,
    diffHunk: HUNK,
    commitId: head,
  };
  const root = github.state.addReviewComment({ ...common, body: 'A bit curt.' });
  const request = github.state.addReviewComment({ ...common, body: '/agent say hey', inReplyToId: root.id });
  const trigger: ReviewCommentTrigger = {
    kind: 'review-comment',
    prNumber: pr.number,
    title: pr.title,
    body: '',
    commentId: request.id,
    threadRootId: root.id,
    instruction: 'say hey',
    path: 'greet.js',
    startLine: null,
    line: 1,
    diffHunk: HUNK,
    headRef: branch,
    headSha: head,
    headRepository: options.fork ? 'someone/Hello-World' : 'Codertocat/Hello-World',
    actor: ALICE,
  };
  return { pr, head, root, request, trigger };
}

/** Plans the trigger, checks out, edits, and publishes the reply; `beforePublish` runs just before. */
async function answer(
  trigger: ReviewCommentTrigger,
  options: {
    files?: Record<string, string>;
    inputs?: Record<string, string>;
    beforePublish?: () => void;
  } = {},
) {
  const setting = await runSetting(github, options.inputs ? { inputs: options.inputs } : {});
  const plan = await planFor(setting, trigger);
  assert.ok(plan.replyThread, 'the plan answers in the thread');
  const checkout = await checkOut(setting, plan);
  await editWorkspace(setting, options.files ?? { 'greet.js': HEY });
  options.beforePublish?.();
  const publication = await publishThreadReply(setting.ctx, {
    git: setting.git,
    plan,
    checkout,
    actor: ALICE,
    agent: agentResult({ summary: 'Say hey\n\nThe reviewer asked for a warmer greeting.' }),
    transcript: () => '',
  });
  return { setting, plan, publication };
}

/** Replies the action posted under the thread's first comment. */
function repliesTo(rootId: number) {
  return [...github.state.reviewComments.values()].filter(
    (c) => c.inReplyToId === rootId && c.user === 'github-actions[bot]',
  );
}

describe('publishThreadReply', () => {
  it("pushes to a same-repository PR branch and replies to the thread's first comment", async () => {
    const { root, head, trigger } = await replyThread('review-same');
    const { publication } = await answer(trigger);
    const [top, parent] = await github.git.log('review-same', 2);
    assert.equal(parent?.sha, head);
    assert.equal(await github.git.readFile('review-same', 'greet.js'), HEY);
    const replies = repliesTo(root.id);
    assert.equal(replies.length, 1, 'one reply, under the root even though a reply started the run');
    assert.match(replies[0]!.body, /warmer greeting/);
    assert.ok(replies[0]!.body.includes(top!.sha.slice(0, 7)));
    assert.equal(publication.outcome.conclusion, 'pushed');
    assert.equal(publication.outcome.branch, 'review-same');
    assert.match(publication.outcome.commentUrl ?? '', new RegExp(`#discussion_r${replies[0]!.id}$`));
    assert.match(publication.details, /Replied in the review thread: /);
    assert.equal(publication.outcome.pushedSha, top?.sha);
  });

  it("answers a fork's pull request with the change in the reply and pushes nothing", async () => {
    const { root, head, pr, trigger } = await replyThread('review-fork', { fork: true });
    const { publication } = await answer(trigger);
    assert.equal(await github.git.resolve(`refs/pull/${pr.number}/head`), head, 'the fork head is unchanged');
    assert.equal(await github.git.resolve('review-fork'), undefined);
    const [reply] = repliesTo(root.id);
    assert.ok(reply, 'the reply is in the thread');
    assert.match(reply.body, /is in a fork[\s\S]*```suggestion\nexport const greet = 'hey';\n```/);
    assert.equal(publication.outcome.conclusion, 'commented');
    assert.equal(publication.outcome.patchPosted, true);
    assert.match(publication.details, /is in a fork, so nothing was pushed/);
  });

  it('says so in the thread when the agent changed nothing', async () => {
    const { root, head, trigger } = await replyThread('review-none');
    const { publication } = await answer(trigger, { files: { 'greet.js': "export const greet = 'hi!';\n" } });
    assert.equal(await github.git.resolve('review-none'), head);
    assert.equal(repliesTo(root.id).length, 1);
    assert.equal(publication.outcome.conclusion, 'no-changes');
  });

  it('carries the whole answer in the tracking comment when the thread is gone', async () => {
    const { root, request, trigger } = await replyThread('review-gone');
    const { publication, setting } = await answer(trigger, {
      beforePublish: () => {
        github.state.reviewComments.delete(request.id);
        github.state.reviewComments.delete(root.id);
      },
    });
    assert.deepEqual(repliesTo(root.id), []);
    assert.ok(setting.logs.warning.some((w) => /Could not reply in the review thread/.test(w)));
    assert.equal(publication.outcome.conclusion, 'pushed', 'the push still happened');
    assert.equal(publication.outcome.commentUrl, undefined);
    assert.match(publication.details, /^Pushed \[`[0-9a-f]{7}`\]/);
    assert.match(publication.details, /The reviewer asked for a warmer greeting\./);
  });

  it('fails with the diff in the reply and the fix named when a ruleset refuses the push', async () => {
    const { root, head, trigger } = await replyThread('review-refused');
    await requireSignedCommits(github.git, github.serverUrl);
    try {
      const { publication } = await answer(trigger, { inputs: { 'commit-signing': 'git' } });
      assert.equal(await github.git.resolve('review-refused'), head, 'nothing landed');
      assert.equal(publication.outcome.conclusion, 'failed');
      assert.match(publication.outcome.failure ?? '', /`commit-signing: auto`/);
      const [reply] = repliesTo(root.id);
      assert.ok(reply, 'the reply says what happened');
      assert.match(reply.body, /\+export const greet = 'hey';/);
    } finally {
      await requireSignedCommits(github.git, false);
    }
  });
});
