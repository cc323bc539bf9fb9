import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type CiReport, ciFailed, runCiRounds } from '../../../src/ci/ci-round-driver.js';
import { timeBudget } from '../../../src/ci/wait-for-run.js';
import { renderCiReport } from '../../../src/outputs/ci-report.js';
import { forbidden } from '../../fakes/github-reply.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';
import { PROJECT, realFailingJobLog } from '../../helpers/github-job-log.js';

const [{ server, octokit, repo }, failingLog] = await Promise.all([
  useFakeGitHub({ files: { 'package.json': PROJECT.packageJson, 'sum.test.js': PROJECT.test } }),
  realFailingJobLog(),
]);
const timing = {
  find: { initialMs: 10, maxMs: 40 },
  wait: { initialMs: 10, maxMs: 40 },
  findTimeoutMs: 2000,
};
let count = 0;

/** A fresh workflow (its own queue of scripted runs) and a branch with the agent's buggy commit. */
async function setUp() {
  const n = ++count;
  const workflow = `ci-${n}.yml`;
  server.state.addWorkflow({ path: `.github/workflows/${workflow}`, name: `CI ${n}` });
  const branch = `agent/issue-${n}`;
  await server.git.commit(branch, { 'sum.js': PROJECT.buggy }, 'Add sum', await server.git.resolve('main'));
  const fixes: Array<{ text: string; round: number }> = [];
  const updates: CiReport[] = [];
  const base = {
    workflow,
    branch,
    budget: timeBudget(Date.now() + 30_000),
    timing,
    getHeadSha: async () => (await server.git.resolve(branch))!,
    /** The agent double: records the task turn and commits the fix to the branch. */
    fixRound: async (text: string, round: number) => {
      fixes.push({ text, round });
      const headSha = await server.git.commit(branch, { 'sum.js': PROJECT.fixed }, `Fix CI round ${round}`);
      return { pushed: true, headSha };
    },
    onUpdate: (report: CiReport) => updates.push(report),
  };
  return { workflow, branch, fixes, updates, base };
}

const failingRun = () => ({
  conclusion: 'failure' as const,
  jobs: [
    { name: 'lint', conclusion: 'success' as const, log: 'All good.\n' },
    {
      name: 'test',
      conclusion: 'failure' as const,
      steps: [
        { name: 'Set up job', conclusion: 'success' as const },
        { name: 'Run npm test', conclusion: 'failure' as const },
      ],
      log: failingLog,
    },
  ],
});

describe('runCiRounds against the OpenAPI-checked fake', () => {
  it('round 1 fails with a real test log, the agent fixes it, round 2 is green', async () => {
    const { branch, fixes, updates, base } = await setUp();
    server.state.scriptRuns(base.workflow, failingRun(), { conclusion: 'success' });
    const firstSha = await base.getHeadSha();

    const report = await runCiRounds(octokit, repo, { ...base, rounds: 2 });

    assert.equal(report.stop, 'success');
    assert.equal(report.conclusion, 'success');
    assert.equal(ciFailed(report), false);
    assert.deepEqual(
      report.runs.map((r) => [r.round, r.conclusion]),
      [
        [1, 'failure'],
        [2, 'success'],
      ],
    );
    assert.equal(report.runs[0]!.headSha, firstSha);
    assert.equal(report.runs[1]!.headSha, await server.git.resolve(branch));
    for (const run of report.runs) {
      const record = server.state.runs.get(run.runId)!;
      assert.equal(record.event, 'workflow_dispatch');
      assert.equal(record.headSha, run.headSha);
    }

    // The agent got one new turn: the failure, with the failing test's excerpt as untrusted data.
    assert.equal(fixes.length, 1);
    const { text, round } = fixes[0]!;
    assert.equal(round, 1);
    assert.match(
      text,
      /^CI failed on your change: the workflow `ci-\d+\.yml` concluded `failure` on commit [0-9a-f]{7}/,
    );
    assert.match(text, /<untrusted-data nonce="[0-9a-f]+" source="CI log of ci-\d+\.yml run \d+">/);
    assert.match(text, /Job "test" failed at step: Run npm test/);
    assert.match(text, /-1 !== 3/);
    assert.match(text, /##\[error\]Process completed with exit code 1\./);
    assert.doesNotMatch(text, /Job "lint"/);
    assert.doesNotMatch(text, /\x1b\[|2025-01-10T/, 'ANSI codes and timestamps are stripped');

    // Two agent commits on the branch; progress went through every phase.
    const log = await server.git.log(branch, 5);
    assert.deepEqual(
      log.slice(0, 2).map((c) => c.subject),
      ['Fix CI round 1', 'Add sum'],
    );
    const phases = [...new Set(updates.map((u) => u.phase))];
    assert.deepEqual(phases, ['dispatching', 'waiting', 'fixing', 'done']);

    const markdown = renderCiReport(report);
    assert.match(
      markdown,
      /\| 1 \| \[run \d+\]\(http:\/\/127\.0\.0\.1:\d+\/Codertocat\/Hello-World\/actions\/runs\/\d+\) \| `[0-9a-f]{7}` \| ❌ failure \|/,
    );
    assert.match(markdown, /\*\*CI conclusion: ✅ success\*\* after 1 fix round\./);
    server.assertNoViolations();
  });

  it('with rounds = 0 dispatches and reports without waiting', async () => {
    const { base, fixes } = await setUp();
    server.state.scriptRuns(base.workflow, { conclusion: 'success', pollsPerPhase: 50 });
    const before = server.requests.length;

    const report = await runCiRounds(octokit, repo, { ...base, rounds: 0 });

    assert.equal(report.stop, 'not-waiting');
    assert.equal(report.conclusion, undefined);
    assert.equal(report.runs.length, 1);
    assert.equal(report.runs[0]!.status, 'queued');
    assert.equal(server.state.runs.get(report.runs[0]!.runId)!.status, 'queued');
    const ops = server.requests.slice(before).map((r) => r.operationId);
    assert.deepEqual(ops, ['actions/create-workflow-dispatch', 'actions/get-workflow-run']);
    assert.equal(fixes.length, 0);
    assert.match(
      renderCiReport(report),
      /dispatched \[run \d+\]\([^)]+\) on `[0-9a-f]{7}` and not waited for \(`ci-rounds: 0`\)/,
    );
    server.assertNoViolations();
  });

  it('stops when the rounds are used up and the run still fails', async () => {
    const { base, fixes } = await setUp();
    server.state.scriptRuns(base.workflow, failingRun(), failingRun());

    const report = await runCiRounds(octokit, repo, { ...base, rounds: 1 });

    assert.equal(report.stop, 'rounds-exhausted');
    assert.equal(report.conclusion, 'failure');
    assert.equal(ciFailed(report), true, 'the PR should become a draft');
    assert.equal(report.runs.length, 2);
    assert.equal(fixes.length, 1);
    assert.match(renderCiReport(report), /still failing after 1 fix round \(`ci-rounds: 1`\)/);
    server.assertNoViolations();
  });

  it('stops when the agent pushes no fix', async () => {
    const { base } = await setUp();
    server.state.scriptRuns(base.workflow, failingRun());
    const report = await runCiRounds(octokit, repo, {
      ...base,
      rounds: 3,
      fixRound: async () => ({ pushed: false }),
    });
    assert.equal(report.stop, 'no-fix');
    assert.equal(report.conclusion, 'failure');
    assert.equal(report.runs.length, 1);
    server.assertNoViolations();
  });

  it('reports a refused dispatch (403) as a value with the fix', async () => {
    const { base } = await setUp();
    const undo = server.intercept('actions/create-workflow-dispatch', forbidden);
    const logs: string[] = [];
    try {
      const report = await runCiRounds(octokit, repo, { ...base, rounds: 2, log: (m) => logs.push(m) });
      assert.equal(report.stop, 'error');
      assert.equal(report.error?.kind, 'forbidden');
      assert.deepEqual(report.runs, []);
      assert.equal(report.conclusion, undefined);
      const markdown = renderCiReport(report);
      assert.match(markdown, /> \[!WARNING\]\n> The token may not dispatch/);
      assert.match(markdown, /\*\*Fix:\*\* Give the job `permissions: actions: write`/);
      assert.ok(logs.some((l) => /Fix: Give the job/.test(l)));
    } finally {
      undo();
    }
    server.assertNoViolations();
  });

  it('stops waiting at the deadline', async () => {
    const { base, fixes } = await setUp();
    server.state.scriptRuns(base.workflow, { conclusion: 'success', pollsPerPhase: 1_000_000 });
    const report = await runCiRounds(octokit, repo, {
      ...base,
      rounds: 2,
      budget: timeBudget(Date.now() + 500),
    });
    assert.equal(report.stop, 'deadline');
    assert.equal(report.runs.length, 1);
    assert.equal(report.conclusion, undefined);
    assert.equal(fixes.length, 0);
    assert.match(
      renderCiReport(report),
      /time budget \(`timeout-minutes`\) ran out while the run was queued/,
    );
    server.assertNoViolations();
  });

  it('stops when the job is cancelled while waiting', async () => {
    const { base } = await setUp();
    server.state.scriptRuns(base.workflow, { conclusion: 'success', pollsPerPhase: 1_000_000 });
    const controller = new AbortController();
    const report = await runCiRounds(octokit, repo, {
      ...base,
      rounds: 1,
      signal: controller.signal,
      onUpdate: (r) => r.phase === 'waiting' && controller.abort(),
    });
    assert.equal(report.stop, 'cancelled');
    assert.equal(report.runs.length, 1);
    server.assertNoViolations();
  });
});
