/**
 * carryOutPlan's order and its exits: a review plan goes to the review run (one review posted,
 * nothing pushed), an issue plan runs checkout → task → agent → verification → publishing in that
 * order, and a job cancelled between phases stops before the next one starts.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { afterEach, describe, it } from 'node:test';
import { runBudgetFor } from '../../../src/pipeline/agent-runner.js';
import { carryOutPlan } from '../../../src/run/carry-out-plan.js';
import { failureCause, PhaseFailure } from '../../../src/run/run-facts.js';
import { runTranscriptPath } from '../../../src/run/run-transcript.js';
import type { Trigger } from '../../../src/triggers/trigger.js';
import { reviewsOf } from '../../fakes/github-handlers-reviews.js';
import { reply } from '../../fakes/openai-server.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';
import { ALICE, issueTrigger, planFor, type RunSetting, runSetting } from '../../helpers/run-context.js';

const { server: github } = await useFakeGitHub({ files: { 'greet.js': "export const greet = 'helo';\n" } });
const openai = useFakeOpenAI();
afterEach(() => github.assertNoViolations());

const STEPS =
  /^(Checking out|Reading the task|Working|Verifying|Publishing|Reading the pull request|Reviewing|Posting the review)/;

/** Plans `trigger` and carries the plan out; the steps the run announced are returned too. */
async function carryOut(
  setting: RunSetting,
  trigger: Exclude<Trigger, { kind: 'skip' }>,
  onStep: (step: string) => void = () => {},
) {
  const steps: string[] = [];
  const info = setting.ctx.log.info;
  setting.ctx.log = {
    ...setting.ctx.log,
    info: (m) => {
      info(m);
      if (STEPS.test(m)) {
        steps.push(m);
        onStep(m);
      }
    },
  };
  const plan = await planFor(setting, trigger);
  const budget = runBudgetFor(setting.config, Date.now());
  const result = carryOutPlan(setting.ctx, {
    trigger,
    plan,
    git: setting.git,
    tracking: undefined,
    known: { maxCostUsd: 5 },
    budget,
    footer: () => '<sub>footer</sub>',
  });
  const transcriptStarted = () => existsSync(runTranscriptPath(setting.config.runner));
  return { result, budget, steps, plan, transcriptStarted };
}

function newIssue() {
  return github.state.addIssue({ title: 'Greeting typo', body: 'It says helo.', user: 'alice' });
}

/** The model reads the file, fixes it and sums up. */
function fixGreeting() {
  openai.enqueue(
    reply().tool('read_file', { path: 'greet.js' }),
    reply().tool('write_file', { path: 'greet.js', content: "export const greet = 'hello';\n" }),
    reply().text('Fix the greeting typo\n\nIt said helo.'),
  );
}

describe('carryOutPlan', () => {
  it('runs the phases in order: checkout, task, agent, verification, publishing', async () => {
    const issue = newIssue();
    const setting = await runSetting(github, { openaiUrl: openai.url, inputs: { 'verify-command': 'true' } });
    fixGreeting();
    const { result, steps, budget, transcriptStarted } = await carryOut(setting, issueTrigger(issue));
    const publication = await result;
    assert.deepEqual(
      steps.map((s) => STEPS.exec(s)?.[1]),
      ['Checking out', 'Reading the task', 'Working', 'Verifying', 'Publishing'],
    );
    assert.equal(steps[3], 'Verifying with `true`');
    assert.equal(publication.outcome.conclusion, 'pr-opened');
    assert.equal(
      await github.git.readFile(`agent/issue-${issue.number}`, 'greet.js'),
      "export const greet = 'hello';\n",
    );
    assert.equal(budget.spent().turns, 3);
    assert.ok(transcriptStarted());
    // What the phases learned comes back with the publication, starting from what the run knew.
    const { facts } = publication;
    assert.deepEqual(facts.blockedHosts, []);
    assert.equal(facts.stopReason, 'done');
    assert.equal(facts.verification?.passed, true);
    assert.equal(facts.maxCostUsd, 5);
    assert.ok(facts.sandbox);
    assert.deepEqual(facts.instructionFiles, []);
    assert.equal(openai.pending(), 0);
  });

  it('sends a review plan to the review run: one review posted, nothing pushed', async () => {
    const main = (await github.git.resolve('main'))!;
    const pr = github.state.addPullRequest({
      title: 'Say hi',
      headRef: 'say-hi',
      baseRef: 'main',
      user: 'alice',
    });
    const head = await github.git.commit(
      'say-hi',
      { 'greet.js': "export const greet = 'hi';\n" },
      'Hi',
      main,
    );
    await github.git.setRef(`refs/pull/${pr.number}/head`, head);
    const branches = await github.git.branches();
    const setting = await runSetting(github, { openaiUrl: openai.url });
    openai.enqueue(reply().text('Looks fine overall.'));
    const { result, steps, plan } = await carryOut(setting, {
      kind: 'pr-comment',
      prNumber: pr.number,
      title: pr.title,
      body: '',
      commentId: 88,
      instruction: 'review',
      actor: ALICE,
    });
    assert.ok(plan.review, 'a review plan');
    const publication = await result;
    assert.equal(publication.outcome.conclusion, 'reviewed');
    const reviews = reviewsOf(github.state).filter((r) => r.pullNumber === pr.number);
    assert.equal(reviews.length, 1);
    assert.equal(reviews[0]!.commitId, head);
    assert.match(publication.outcome.reviewUrl ?? '', new RegExp(`#pullrequestreview-${reviews[0]!.id}$`));
    assert.deepEqual(await github.git.branches(), branches, 'nothing pushed');
    assert.ok(steps.includes('Reviewing') && !steps.includes('Working'), steps.join(' | '));
  });

  it('stops after the checkout when the job is cancelled during it: the model is never asked', async () => {
    const issue = newIssue();
    const setting = await runSetting(github, { openaiUrl: openai.url });
    const { result, steps, transcriptStarted } = await carryOut(setting, issueTrigger(issue), (step) => {
      if (step.startsWith('Checking out')) setting.abort.abort();
    });
    await assert.rejects(result, { name: 'PhaseFailure', message: 'The job was cancelled.' });
    assert.equal(steps.length, 1, steps.join(' | '));
    assert.equal(openai.requests.length, 0);
    assert.equal(transcriptStarted(), false, 'no transcript was started');
    const head = await setting.git.exec(['rev-parse', '--abbrev-ref', 'HEAD']);
    assert.equal(head.stdout.trim(), `agent/issue-${issue.number}`, 'the checkout itself finished');
  });

  it('stops after the agent when the job is cancelled while it works: no verification, nothing pushed', async () => {
    const issue = newIssue();
    const setting = await runSetting(github, { openaiUrl: openai.url, inputs: { 'verify-command': 'true' } });
    openai.enqueue(() => {
      setting.abort.abort();
      return reply().tool('write_file', { path: 'NEW.md', content: 'new\n' });
    });
    const { result, steps, budget } = await carryOut(setting, issueTrigger(issue));
    // The failure carries what the phases had learned by then, for the outcome the tracked run reports.
    const failure = await result.then(
      () => assert.fail('a cancelled run does not publish'),
      (error: unknown) => error,
    );
    assert.ok(failure instanceof PhaseFailure);
    assert.equal(failure.message, 'The job was cancelled.');
    assert.equal(failureCause(failure) instanceof Error, true);
    const { facts } = failure;
    assert.deepEqual(
      steps.map((s) => STEPS.exec(s)?.[1]),
      ['Checking out', 'Reading the task', 'Working'],
    );
    assert.equal(budget.spent().turns, 1, 'the usage so far is on the budget');
    assert.deepEqual(facts.blockedHosts, [], 'the tools were disposed and reported');
    assert.ok(facts.sandbox, 'the sandbox was described before the agent ran');
    assert.equal(facts.maxCostUsd, 5);
    assert.equal(await github.git.resolve(`agent/issue-${issue.number}`), undefined);
  });
});
