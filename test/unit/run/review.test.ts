/**
 * runReview's checkout decision: a same-repository pull request is reviewed in the workspace, a
 * fork's head in a folder of its own under RUNNER_TEMP, so the workspace later steps use never
 * holds a fork's code. Either way one review is posted on the head commit and nothing is pushed.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { runBudgetFor } from '../../../src/pipeline/agent-runner.js';
import { runReview } from '../../../src/run/review.js';
import { runTranscriptPath } from '../../../src/run/run-transcript.js';
import type { PullRequestCommentTrigger } from '../../../src/triggers/trigger.js';
import { reviewsOf } from '../../fakes/github-handlers-reviews.js';
import { reply } from '../../fakes/openai-server.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';
import { ALICE, planFor, type RunSetting, runSetting } from '../../helpers/run-context.js';

const { server: github } = await useFakeGitHub({ files: { 'greet.js': "export const greet = 'hello';\n" } });
const openai = useFakeOpenAI();
afterEach(() => github.assertNoViolations());

const HI = "export const greet = 'hi';\n";

/** A pull request whose head (in this repository or a fork) changes the greeting, and a `review` request. */
async function pullRequest(branch: string, fork: boolean, files: Record<string, string> = {}) {
  const main = (await github.git.resolve('main'))!;
  const pr = github.state.addPullRequest({
    title: 'Say hi',
    headRef: branch,
    baseRef: 'main',
    user: 'alice',
    ...(fork ? { headRepo: 'someone/Hello-World' } : {}),
  });
  const head = await github.git.commit(
    `refs/pull/${pr.number}/head`,
    { 'greet.js': HI, ...files },
    'Hi',
    main,
  );
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

async function review(
  fork: boolean,
  options: { files?: Record<string, string>; before?: (setting: RunSetting) => void } = {},
) {
  const branch = `review-${fork ? 'fork' : 'same'}-${Object.keys(options.files ?? {}).length}`;
  const { pr, head, trigger } = await pullRequest(branch, fork, options.files);
  const setting = await runSetting(github, { openaiUrl: openai.url });
  options.before?.(setting);
  const plan = await planFor(setting, trigger);
  const branches = await github.git.branches();
  openai.enqueue(reply().text('Looks fine overall.'));
  const publication = await runReview(setting.ctx, {
    trigger,
    plan,
    git: setting.git,
    tracking: undefined,
    known: {},
    budget: runBudgetFor(setting.config, Date.now()),
    footer: () => '<sub>footer</sub>',
  });
  assert.deepEqual(await github.git.branches(), branches, 'nothing pushed');
  const reviews = reviewsOf(github.state).filter((r) => r.pullNumber === pr.number);
  assert.equal(reviews.length, 1);
  assert.equal(reviews[0]!.commitId, head);
  assert.match(reviews[0]!.body ?? '', /^✅ \*\*Reviewed\*\* — no blocking findings\n\nLooks fine overall\./);
  assert.match(
    reviews[0]!.body ?? '',
    /\n\n<sub>footer<\/sub>\n\n<!-- agent-action:review [^\n]* -->$/,
    'the footer ends what the review shows; the hidden marker follows it',
  );
  assert.equal(publication.outcome.conclusion, 'reviewed');
  assert.equal(publication.outcome.blockingFindings, 0);
  assert.equal(publication.facts.stopReason, 'done', 'the review returns what it learned');
  assert.ok(publication.facts.sandbox);
  assert.ok(existsSync(runTranscriptPath(setting.config.runner)), 'the run keeps its transcript');
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

  it("checks a fork's head out with no LFS smudge or filter from the runner's git config", async () => {
    const pointer = 'version https://git-lfs.github.com/spec/v1\noid sha256:0000\nsize 4\n';
    let marker = '';
    const { setting, pr } = await review(true, {
      files: { '.gitattributes': '*.bin filter=lfs diff=lfs merge=lfs -text\n', 'model.bin': pointer },
      // The runner's global config, as `git lfs install` leaves it, with a program that would show it ran.
      before: (s) => {
        const home = s.config.runner.env['HOME'] ?? '';
        marker = path.join(home, 'smudge-ran');
        const program = path.join(home, 'smudge.sh');
        writeFileSync(program, `#!/bin/sh\nenv > ${marker}\ncat\n`, { mode: 0o755 });
        writeFileSync(
          path.join(home, '.gitconfig'),
          `[filter "lfs"]\n\tsmudge = ${program}\n\tclean = ${program}\n\trequired = true\n`,
        );
      },
    });
    const folder = path.join(setting.tempDir, 'agent-action', `review-${pr.number}-4242`);
    assert.equal(readFileSync(path.join(folder, 'model.bin'), 'utf8'), pointer, 'the pointer, not smudged');
    assert.equal(existsSync(marker), false, 'no filter ran');
  });
});
