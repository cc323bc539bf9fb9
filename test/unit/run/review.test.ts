/**
 * runReview's checkout decision: a same-repository pull request is reviewed in the workspace, a
 * fork's head in a folder of its own under RUNNER_TEMP, so the workspace later steps use never
 * holds a fork's code. Either way one review is posted on the head commit and nothing is pushed.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, it } from 'node:test';
import type { RunOutcome } from '../../../src/outputs/action-outputs.js';
import { runReview } from '../../../src/run/review.js';
import type { PullRequestCommentTrigger } from '../../../src/triggers/trigger.js';
import { reviewsOf } from '../../fakes/github-handlers-reviews.js';
import { reply } from '../../fakes/openai-server.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';
import { ALICE, planFor, runSetting } from '../../helpers/run-context.js';

const { server: github } = await useFakeGitHub({ files: { 'greet.js': "export const greet = 'hello';\n" } });
const openai = useFakeOpenAI();
afterEach(() => github.assertNoViolations());

const HI = "export const greet = 'hi';\n";

/** A pull request whose head (in this repository or a fork) changes the greeting, and a `review` request. */
async function pullRequest(branch: string, fork: boolean) {
  const main = (await github.git.resolve('main'))!;
  const pr = github.state.addPullRequest({
    title: 'Say hi',
    headRef: branch,
    baseRef: 'main',
    user: 'alice',
    ...(fork ? { headRepo: 'someone/Hello-World' } : {}),
  });
  const head = await github.git.commit(`refs/pull/${pr.number}/head`, { 'greet.js': HI }, 'Hi', main);
  if (!fork) await github.git.setRef(`refs/heads/${branch}`, head);
  const trigger: PullRequestCommentTrigger = {
    kind: 'pr-comment',
    prNumber: pr.number,
    title: pr.title,
    body: '',
    commentId: 99,
    instruction: 'review',
    actor: ALICE,
  };
  return { pr, head, trigger };
}

async function review(fork: boolean) {
  const { pr, head, trigger } = await pullRequest(fork ? 'review-fork' : 'review-same', fork);
  const setting = await runSetting(github, { openaiUrl: openai.url });
  const plan = await planFor(setting, trigger);
  const branches = await github.git.branches();
  openai.enqueue(reply().text('Looks fine overall.'));
  const outcome: RunOutcome = { conclusion: 'failed' };
  const publication = await runReview(setting.ctx, {
    trigger,
    plan,
    git: setting.git,
    tracking: undefined,
    outcome,
    footer: () => '<sub>footer</sub>',
  });
  assert.deepEqual(await github.git.branches(), branches, 'nothing pushed');
  const reviews = reviewsOf(github.state).filter((r) => r.pullNumber === pr.number);
  assert.equal(reviews.length, 1);
  assert.equal(reviews[0]!.commitId, head);
  assert.match(reviews[0]!.body ?? '', /^✅ \*\*Reviewed\*\* — no blocking findings\n\nLooks fine overall\./);
  assert.ok((reviews[0]!.body ?? '').endsWith('\n\n<sub>footer</sub>'), 'the footer ends the review');
  assert.equal(publication.outcome.conclusion, 'reviewed');
  assert.equal(publication.outcome.blockingFindings, 0);
  assert.ok(outcome.transcriptPath, 'the outcome keeps the transcript');
  return { setting, pr };
}

describe('runReview', () => {
  it('reviews a same-repository pull request in the workspace', async () => {
    const { setting } = await review(false);
    assert.equal(readFileSync(path.join(setting.workspace, 'greet.js'), 'utf8'), HI);
  });

  it("reviews a fork's head under RUNNER_TEMP and leaves the workspace alone", async () => {
    const { setting, pr } = await review(true);
    assert.equal(existsSync(setting.workspace), false, 'the workspace was never created');
    const folder = path.join(setting.tempDir, 'agent-action', `review-${pr.number}-4242`);
    assert.equal(readFileSync(path.join(folder, 'greet.js'), 'utf8'), HI);
  });
});
