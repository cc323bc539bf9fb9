/**
 * The CI step after publishing, driven directly: a pull request really published to the fake
 * GitHub, its CI workflow's runs scripted there, and a stub agent runner whose fix rounds edit the
 * workspace. Results are read from the fake (the PR's body and draft flag, the branch's commits).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { afterEach, describe, it } from 'node:test';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { createTranscript } from '../../../src/agent/transcript.js';
import { type AgentRunner, runBudgetFor } from '../../../src/pipeline/agent-runner.js';
import { runCiAfterPublish, wantsCi } from '../../../src/run/ci-after-publish.js';
import { type Publication, publishWork } from '../../../src/run/publish.js';
import { unsandboxed } from '../../../src/sandbox/sandbox.js';
import type { RunScript } from '../../fakes/github-state.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';
import {
  ALICE,
  agentResult,
  checkOut,
  editWorkspace,
  issueTrigger,
  planFor,
  type RunSetting,
  runSetting,
} from '../../helpers/run-context.js';

const { server: github } = await useFakeGitHub({
  files: { 'sum.js': 'export const sum = (a, b) => a - b;\n' },
});
afterEach(() => github.assertNoViolations());

// `pollsPerPhase: 0` moves a run one phase per look, so nothing sleeps between polls.
const failing = (): RunScript => ({
  conclusion: 'failure',
  pollsPerPhase: 0,
  jobs: [{ name: 'test', conclusion: 'failure', log: 'not ok 1 - sum(1, 2) is 3 (got -1)\n' }],
});
const passing = (): RunScript => ({ conclusion: 'success', pollsPerPhase: 0 });

let count = 0;
/** The commit each publication's run started from. */
const startOf = new WeakMap<Publication, string>();

/** A fresh issue and CI workflow, the issue's PR published, and what the CI step needs. */
async function published(inputs: Record<string, string>, ...runs: RunScript[]) {
  const n = ++count;
  const workflow = `ci-${n}.yml`;
  github.state.addWorkflow({ path: `.github/workflows/${workflow}`, name: `CI ${n}` });
  if (runs.length > 0) github.state.scriptRuns(workflow, ...runs);
  const issue = github.state.addIssue({ title: `Fix sum ${n}`, body: 'sum subtracts', user: 'alice' });
  const setting = await runSetting(github, { inputs: { 'ci-workflow': workflow, ...inputs } });
  const plan = await planFor(setting, issueTrigger(issue));
  const checkout = await checkOut(setting, plan);
  await editWorkspace(setting, { 'sum.js': 'export const sum = (a, b) => a * b;\n' });
  const agent = agentResult({ summary: 'Fix sum\n\nsum multiplied.' });
  const publication = await publishWork(setting.ctx, {
    git: setting.git,
    plan,
    checkout,
    actor: ALICE,
    agent,
    ciPending: Number(inputs['ci-rounds'] ?? '0') > 0,
    transcript: () => '',
  });
  assert.equal(publication.outcome.conclusion, 'pr-opened');
  startOf.set(publication, checkout.headSha);
  return { setting, agent, publication, branch: `agent/issue-${issue.number}` };
}

/** Runs the CI step with `runAgent` as the agent of every fix round, on the run's budget. */
async function ciAfter(
  setting: RunSetting,
  publication: Publication,
  agent: ReturnType<typeof agentResult>,
  runAgent: AgentRunner,
  budget = runBudgetFor(setting.config, Date.now()),
) {
  const transcript = createTranscript({
    path: path.join(setting.tempDir, 'agent-action', 'transcript.jsonl'),
    redact: setting.ctx.redact,
  });
  const result = await runCiAfterPublish(setting.ctx, {
    git: setting.git,
    actor: ALICE,
    publication,
    baseSha: startOf.get(publication) ?? '',
    agent,
    runAgent,
    sandbox: unsandboxed,
    transcript,
    renderTranscript: async () => () => '<details><summary>Transcript</summary></details>',
    problems: async () => [],
    footer: () => '<sub>footer</sub>',
    tracking: undefined,
    outcome: {},
    budget,
  });
  return { result, facts: result.facts };
}

/** A fix round that writes `text` into sum.js; the messages it was given are recorded. */
function fixingAgent(text: string, calls: ChatCompletionMessageParam[][], setting: RunSetting): AgentRunner {
  return async (messages) => {
    calls.push(messages);
    await editWorkspace(setting, { 'sum.js': text });
    return agentResult({ summary: 'Add instead\n\nsum adds now.', messages });
  };
}

const neverCalled: AgentRunner = async () => assert.fail('no fix round was expected');

function pullOf(branch: string) {
  const pr = github.state.pulls().find((p) => p.pull?.headRef === branch);
  assert.ok(pr, `a PR from ${branch}`);
  return pr;
}

describe('wantsCi', () => {
  const pushed: Publication = {
    outcome: { conclusion: 'pr-opened', branch: 'agent/issue-1' },
    details: '',
  };
  const ci = { workflow: 'ci.yml', rounds: 1 };
  it('wants CI when ci-workflow is set and a branch was pushed', () => {
    assert.equal(wantsCi({ ci }, pushed), true);
    assert.equal(wantsCi({ ci }, { ...pushed, outcome: { conclusion: 'pushed', branch: 'feature' } }), true);
  });
  it('wants none without ci-workflow, or when nothing was pushed', () => {
    assert.equal(wantsCi({ ci: { workflow: undefined, rounds: 1 } }, pushed), false);
    for (const conclusion of ['commented', 'no-changes', 'failed'] as const) {
      assert.equal(wantsCi({ ci }, { ...pushed, outcome: { conclusion, branch: 'x' } }), false, conclusion);
    }
    assert.equal(wantsCi({ ci }, { ...pushed, outcome: { conclusion: 'pr-opened' } }), false, 'no branch');
  });
});

describe('runCiAfterPublish', () => {
  it('reports a refused dispatch in the PR and the details, and keeps the publication', async () => {
    const { setting, agent, publication, branch } = await published({ 'ci-rounds': '2' });
    const undo = github.intercept('actions/create-workflow-dispatch', () => ({
      status: 403,
      body: { message: 'Resource not accessible by integration', status: '403' },
    }));
    try {
      const { result, facts } = await ciAfter(setting, publication, agent, neverCalled);
      assert.equal(result.outcome.conclusion, 'pr-opened');
      assert.equal(result.outcome.ciConclusion, '');
      assert.equal(facts.ciConclusion, '');
      assert.deepEqual(result.outcome.ci, { state: 'not-dispatched', fixRounds: 0 });
      assert.match(result.details, /\*\*Fix:\*\* Give the job `permissions: actions: write`/);
      const pr = pullOf(branch);
      assert.match(pr.body ?? '', /^:warning: \*\*Draft\*\* — CI could not be dispatched\n/);
      assert.match(pr.body ?? '', /The token may not dispatch or read runs of `ci-\d+\.yml` \(403/);
      assert.equal(pr.pull?.draft, true, 'CI never ran, so the PR stays a draft');
      assert.match(result.details, /The pull request stays a draft: CI could not be dispatched\./);
      assert.ok(setting.logs.warning.some((w) => /Fix: Give the job `permissions: actions: write`/.test(w)));
    } finally {
      undo();
    }
  });

  it('pushes a fix round after a red run and ends green with a ready PR', async () => {
    const { setting, agent, publication, branch } = await published(
      { 'ci-rounds': '1' },
      failing(),
      passing(),
    );
    const first = await github.git.resolve(branch);
    assert.equal(pullOf(branch).pull?.draft, true, 'a draft while the CI rounds are to come');
    assert.match(pullOf(branch).body ?? '', /^⏳ \*\*Draft until CI passes\*\*\n/);
    const calls: ChatCompletionMessageParam[][] = [];
    const { result } = await ciAfter(
      setting,
      publication,
      agent,
      fixingAgent('export const sum = (a, b) => a + b;\n', calls, setting),
    );
    assert.equal(calls.length, 1, 'one fix round');
    const last = calls[0]!.at(-1);
    assert.equal(last?.role, 'user');
    assert.match(String(last?.content), /sum\(1, 2\) is 3 \(got -1\)/, 'the failed log goes to the agent');
    assert.match(String(last?.content), /a description of the whole change on the branch as it now stands/);
    const [top, parent] = await github.git.log(branch, 2);
    assert.equal(parent?.sha, first, 'the fix is on top of the first push');
    assert.match(top!.subject, /^Fix CI \(round 1\): Add instead/);
    assert.equal(await github.git.readFile(branch, 'sum.js'), 'export const sum = (a, b) => a + b;\n');
    assert.equal(result.outcome.ciConclusion, 'success');
    assert.match(result.details, /- Fix round 1 \(`[0-9a-f]{7}`\): Add instead/);
    assert.match(result.details, /The pull request is ready for review\./);
    const pr = pullOf(branch);
    assert.equal(pr.pull?.draft, false);
    const body = pr.body ?? '';
    assert.match(body, /^✅ \*\*Ready for review\*\* — CI passed after 1 fix round\n\nsum adds now\.\n/);
    assert.doesNotMatch(body, /sum multiplied/, "the first round's description is replaced");
    assert.match(body, /- `sum\.js` \+1 −1/, 'files changed from the final diff');
    const order = [
      'sum adds now.',
      '**CI fix rounds:**',
      '**CI conclusion: ✅ success**',
      '<details>',
      '<sub>footer</sub>',
    ];
    const at = order.map((part) => body.indexOf(part));
    assert.ok(
      at.every((p, i) => p >= 0 && (i === 0 || p > at[i - 1]!)),
      body,
    );
  });

  it('leaves a draft when the rounds are used up and CI still fails', async () => {
    const { setting, agent, publication, branch } = await published(
      { 'ci-rounds': '1' },
      failing(),
      failing(),
    );
    const calls: ChatCompletionMessageParam[][] = [];
    const { result } = await ciAfter(
      setting,
      publication,
      agent,
      fixingAgent('export const sum = (a, b) => a + b + 0;\n', calls, setting),
    );
    assert.equal(calls.length, 1, 'no round beyond ci-rounds');
    assert.equal(result.outcome.ciConclusion, 'failure');
    const pr = pullOf(branch);
    assert.equal(pr.pull?.draft, true);
    assert.match(pr.body ?? '', /^:warning: \*\*Draft\*\* — CI failed after 1 fix round\n/);
    assert.match(pr.body ?? '', /still failing after 1 fix round \(`ci-rounds: 1`\)\./);
    assert.match(result.details, /The pull request stays a draft: its last CI run failed\./);
  });

  it('runs no fix round when the budget is used up, and says why', async () => {
    const { setting, agent, publication, branch } = await published(
      { 'ci-rounds': '1', 'max-turns': '1' },
      failing(),
    );
    const before = await github.git.resolve(branch);
    // The first agent call took the one turn max-turns allows.
    const budget = runBudgetFor(setting.config, Date.now());
    budget.beginCall();
    budget.startTurn();
    budget.record(agent.tokens);
    const { result } = await ciAfter(setting, publication, agent, neverCalled, budget);
    assert.equal(await github.git.resolve(branch), before, 'nothing more was pushed');
    assert.equal(result.outcome.ciConclusion, 'failure');
    assert.match(pullOf(branch).body ?? '', /No fix round 1: the agent's budget/);
  });
});
