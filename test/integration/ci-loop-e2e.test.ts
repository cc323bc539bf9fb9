/**
 * CI in the loop end to end: the built action opens its PR, dispatches the repository's CI on the
 * branch through the OpenAPI-checked fake (scripted runs with a real `node --test` failure log),
 * gives a failure back to the scripted model in the same conversation, pushes its fix and reports
 * every round in the PR body, the tracking comment, the transcript and the outputs.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, afterEach, before, describe, it } from 'node:test';
import type { RunScript } from '../fakes/github-records.js';
import { reply } from '../fakes/openai-server.js';
import { type Harness, labeledPayload, startHarness } from '../helpers/action-harness.js';
import { PROJECT, realFailingJobLog } from '../helpers/github-job-log.js';
import { assertFooter, assertWellFormed, firstLine } from '../helpers/published-text.js';

let h: Harness;
let failingLog: string;
let count = 0;

before(async () => {
  [h, failingLog] = await Promise.all([
    startHarness({
      'README.md': '# Hello-World\n',
      'package.json': PROJECT.packageJson,
      'sum.test.js': PROJECT.test,
    }),
    realFailingJobLog(),
  ]);
  h.github.state.addUser('alice', { permission: 'write' });
});
after(() => h.close());
afterEach(() => h.openai.clear());

// `pollsPerPhase: 0` moves a run one phase per look, so the action never sleeps between polls.
const failing = (): RunScript => ({
  conclusion: 'failure',
  pollsPerPhase: 0,
  jobs: [
    { name: 'lint', conclusion: 'success', log: 'All good.\n' },
    {
      name: 'test',
      conclusion: 'failure',
      steps: [
        { name: 'Set up job', conclusion: 'success' },
        { name: 'Run npm test', conclusion: 'failure' },
      ],
      log: failingLog,
    },
  ],
});
const passing = (): RunScript => ({ conclusion: 'success', pollsPerPhase: 0 });

/** A fresh issue and CI workflow (its own queue of scripted runs) per test. */
function setUp(...runs: RunScript[]) {
  const n = ++count;
  const workflow = `ci-${n}.yml`;
  h.github.state.addWorkflow({ path: `.github/workflows/${workflow}`, name: `CI ${n}` });
  if (runs.length > 0) h.github.state.scriptRuns(workflow, ...runs);
  const issue = h.github.state.addIssue({ title: `Add sum ${n}`, body: 'We need sum(a, b).', user: 'alice' });
  return { workflow, issue, branch: `agent/issue-${issue.number}` };
}

/** The agent's first change: a `sum` that subtracts. */
function writeBuggySum() {
  h.openai.enqueue(
    reply().tool('write_file', { path: 'sum.js', content: PROJECT.buggy }),
    reply().text('Add a sum function\n\nsum(a, b) returns the sum of its arguments.'),
  );
}

function pullRequestOf(branch: string) {
  const pr = h.github.state.pulls().find((p) => p.pull?.headRef === branch);
  assert.ok(pr, `a PR from ${branch}`);
  return pr;
}

describe('CI in the loop, end to end with the built action', () => {
  it('fixes a red CI run in a second round: two agent commits, a ready PR, a green conclusion', async () => {
    const { workflow, issue, branch } = setUp(failing(), passing());
    writeBuggySum();
    h.openai.enqueue(
      reply().tool('read_file', { path: 'sum.js' }),
      reply().tool('edit_file', { path: 'sum.js', old_string: 'a - b', new_string: 'a + b' }),
      reply().text('Add instead of subtract in sum'),
    );

    const run = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: { 'ci-workflow': workflow, 'ci-rounds': '1' },
    });

    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout);
    assert.equal(run.outputs['ci-conclusion'], 'success', run.stdout);
    assert.equal(run.outputs['turns'], '5', 'the fix round counts');

    // The fix round is a new user turn of the same conversation, with the real test failure in it.
    assert.equal(h.openai.requests.length, 5);
    const asked = h.openai.requests.map((r) => r.body.messages.at(-1).content as string);
    assert.equal(
      asked.findIndex((m) => typeof m === 'string' && m.includes('CI failed on your change')),
      2,
    );
    const fixPrompt = asked[2]!;
    assert.match(fixPrompt, new RegExp(`^CI failed on your change: the workflow \`${workflow}\``));
    assert.match(fixPrompt, /Job "test" failed at step: Run npm test/);
    assert.match(fixPrompt, /-1 !== 3/);
    assert.match(fixPrompt, /<untrusted-data nonce="[0-9a-f]+"/);
    const conversation = h.openai.requests[2]!.body.messages as Array<{ role: string; content: unknown }>;
    assert.match(String(conversation[1]?.content), /We need sum\(a, b\)/, 'same conversation');

    // Two agent commits on the branch, each CI run on its own commit.
    assert.equal(await h.github.git.readFile(branch, 'sum.js'), PROJECT.fixed);
    const log = await h.github.git.log(branch, 3);
    assert.deepEqual(
      log.slice(0, 2).map((c) => c.subject),
      ['Fix CI (round 1): Add instead of subtract in sum', 'Add a sum function'],
    );
    for (const commit of log.slice(0, 2)) assert.match(commit.message, /Agent-Action-Run: /);
    const runs = [...h.github.state.runs.values()].filter((r) => r.headBranch === branch);
    assert.deepEqual(
      runs.map((r) => [r.event, r.headSha, r.conclusion]),
      [
        ['workflow_dispatch', log[1]!.sha, 'failure'],
        ['workflow_dispatch', log[0]!.sha, 'success'],
      ],
    );

    const pr = pullRequestOf(branch);
    assert.equal(pr.pull?.draft, false, 'marked ready once CI passed');
    const opened = h.github.requests.find((r) => r.operationId === 'pulls/create' && r.body.includes(branch));
    assert.equal(JSON.parse(opened!.body).draft, true, 'opened as a draft while the CI rounds were to come');
    assert.equal(pr.title, 'Add a sum function');
    const body = pr.body ?? '';
    assert.equal(firstLine(body), '✅ **Ready for review** — CI passed after 1 fix round');
    assert.match(body, /\n\n- Fix round 1 \(`[0-9a-f]{7}`\): Add instead of subtract in sum\n/);
    assert.match(body, /- `sum\.js` \+1 −0/, 'the files changed come from the final diff');
    assert.match(body, new RegExp(`### CI: \`${workflow}\``));
    assert.match(
      body,
      /\| 1 \| \[run \d+\]\(http:\/\/127\.0\.0\.1:\d+\/[^)]+\) \| `[0-9a-f]{7}` \| ❌ failure \|/,
    );
    assert.ok(
      body.indexOf('**CI conclusion: ✅ success** after 1 fix round.') < body.indexOf('<details>'),
      'the CI verdict stands above the transcript',
    );
    assertFooter(body, { turns: 5, requester: 'alice' });
    assertWellFormed(body);

    const [tracking] = h.github.state.commentsOn(issue.number);
    assert.equal(
      firstLine(tracking?.body ?? ''),
      `✅ **Opened pull request #${pr.number}** — CI passed after 1 fix round`,
    );
    assert.match(tracking?.body ?? '', /\*\*CI conclusion: ✅ success\*\* after 1 fix round\./);
    assert.match(tracking?.body ?? '', /The pull request is ready for review\./);
    assertFooter(tracking?.body ?? '', { turns: 5, requester: 'alice' });
    const transcript = readFileSync(run.outputs['transcript-path']!, 'utf8');
    assert.match(transcript, /"type":"note","turn":2,"message":"CI round 1 \([^)]+\): fixing/);
    assert.match(transcript, /"type":"tool-call","turn":4,/, 'fix-round turns are numbered on');
    h.github.assertNoViolations();
  });

  it('with ci-rounds 0 dispatches, links the run and does not wait', async () => {
    const { workflow, issue, branch } = setUp(passing());
    writeBuggySum();

    const run = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: { 'ci-workflow': workflow },
    });

    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout + run.stderr);
    assert.equal(run.outputs['ci-conclusion'], '', 'not waited for, so no conclusion');
    assert.equal(h.openai.requests.length, 2, 'no fix round');
    const runs = [...h.github.state.runs.values()].filter((r) => r.headBranch === branch);
    assert.equal(runs.length, 1);
    assert.equal(runs[0]!.event, 'workflow_dispatch');
    assert.equal(runs[0]!.headSha, await h.github.git.resolve(branch));
    assert.notEqual(runs[0]!.status, 'completed', 'the action did not poll it to the end');
    const body = pullRequestOf(branch).body ?? '';
    assert.match(
      body,
      new RegExp(
        `\\[run ${runs[0]!.id}\\]\\(http://127\\.0\\.0\\.1:\\d+/[^)]+/actions/runs/${runs[0]!.id}\\)`,
      ),
    );
    assert.match(
      body,
      /dispatched \[run \d+\]\([^)]+\) on `[0-9a-f]{7}` and not waited for \(`ci-rounds: 0`\)/,
    );
    assert.doesNotMatch(body, /⏳|queued|in progress/, 'no status that would go stale');
    assert.equal(firstLine(body), '✅ **Ready for review** — CI dispatched');
    h.github.assertNoViolations();
  });

  it('reports a dispatch refused with 403 and still opens the PR', async () => {
    const { workflow, issue, branch } = setUp();
    writeBuggySum();
    const undo = h.github.intercept('actions/create-workflow-dispatch', () => ({
      status: 403,
      body: {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest/actions/workflows#create-a-workflow-dispatch-event',
        status: '403',
      },
    }));
    try {
      const run = await h.run('issues', labeledPayload(issue, 'alice'), {
        inputs: { 'ci-workflow': workflow, 'ci-rounds': '2' },
      });
      assert.equal(run.exitCode, 0, run.stdout + run.stderr);
      assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout);
      assert.equal(run.outputs['ci-conclusion'], '');
      assert.match(
        run.stdout,
        /::warning::.*The token may not dispatch.*Fix: Give the job `permissions: actions: write`/,
      );
      const pr = pullRequestOf(branch);
      assert.match(
        pr.body ?? '',
        /> \[!WARNING\]\n> The token may not dispatch or read runs of `ci-\d+\.yml` \(403/,
      );
      assert.match(pr.body ?? '', /\*\*Fix:\*\* Give the job `permissions: actions: write`/);
      assert.equal(pr.pull?.draft, true, 'CI never ran: the PR stays a draft');
      assert.equal(firstLine(pr.body ?? ''), ':warning: **Draft** — CI could not be dispatched');
      const [tracking] = h.github.state.commentsOn(issue.number);
      assert.match(
        tracking?.body ?? '',
        /^:warning: \*\*Opened pull request #\d+ as a draft\*\* — CI could not be dispatched\n/,
      );
      assert.match(tracking?.body ?? '', /\*\*Fix:\*\* Give the job `permissions: actions: write`/);
    } finally {
      undo();
    }
    h.github.assertNoViolations();
  });

  it('leaves the PR a draft when the last round still fails', async () => {
    const { workflow, issue, branch } = setUp(failing(), failing());
    writeBuggySum();
    h.openai.enqueue(
      reply().tool('write_file', { path: 'NOTES.md', content: 'sum subtracts on purpose?\n' }),
      reply().text('Note the open question about sum'),
    );

    const run = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: { 'ci-workflow': workflow, 'ci-rounds': '1' },
    });

    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout);
    assert.equal(run.outputs['ci-conclusion'], 'failure');
    assert.equal(run.outputs['turns'], '4');
    const pr = pullRequestOf(branch);
    assert.equal(pr.pull?.draft, true, 'converted to a draft through GraphQL');
    assert.match(pr.body ?? '', /still failing after 1 fix round \(`ci-rounds: 1`\)\./);
    assert.equal(firstLine(pr.body ?? ''), ':warning: **Draft** — CI failed after 1 fix round');
    const [tracking] = h.github.state.commentsOn(issue.number);
    assert.match(tracking?.body ?? '', /The pull request stays a draft: its last CI run failed\./);
    assert.equal(
      (await h.github.git.log(branch, 2))[0]?.subject,
      'Fix CI (round 1): Note the open question about sum',
    );
    h.github.assertNoViolations();
  });

  it('gives a fix round only the turns the first call left of max-turns', async () => {
    const { workflow, issue, branch } = setUp(failing(), passing());
    writeBuggySum();
    h.openai.enqueue(
      reply().tool('edit_file', { path: 'sum.js', old_string: 'a - b', new_string: 'a + b' }),
      reply().text('never asked: max-turns is spent'),
    );

    const run = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: { 'ci-workflow': workflow, 'ci-rounds': '1', 'max-turns': '3' },
    });

    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.outputs['turns'], '3');
    assert.equal(h.openai.requests.length, 3, 'two turns, then the one turn left for the fix round');
    assert.equal(run.outputs['ci-conclusion'], 'success');
    assert.equal(await h.github.git.readFile(branch, 'sum.js'), PROJECT.fixed);
    const pr = pullRequestOf(branch);
    assert.match(firstLine(pr.body ?? ''), /^:warning: \*\*Draft\*\* — stopped at `max-turns`/);
    const transcript = readFileSync(run.outputs['transcript-path']!, 'utf8');
    assert.match(transcript, /"type":"tool-call","turn":3,/);
    assert.match(
      transcript,
      /The agent used all 1 turns \(`max-turns`\) before it finished\. So far: 1 tool calls/,
    );
    h.github.assertNoViolations();
  });

  it('starts no fix round once the first call has used up max-turns', async () => {
    const { workflow, issue, branch } = setUp(failing());
    writeBuggySum();

    const run = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: { 'ci-workflow': workflow, 'ci-rounds': '1', 'max-turns': '2' },
    });

    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.outputs['turns'], '2');
    assert.equal(h.openai.requests.length, 2);
    assert.equal(run.outputs['ci-conclusion'], 'failure');
    const pr = pullRequestOf(branch);
    assert.match(
      pr.body ?? '',
      /No fix round 1: the agent's budget \(`max-turns` \/ `max-tokens` \/ `max-cost-usd`\) is used up\./,
    );
    assert.equal(pr.pull?.draft, true);
    h.github.assertNoViolations();
  });
});
