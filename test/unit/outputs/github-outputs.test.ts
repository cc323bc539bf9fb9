import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { collectFailureLogs, formatFailureReport } from '../../../src/ci/failure-logs.js';
import { addEyesReaction } from '../../../src/outputs/comment.js';
import { openOrUpdatePullRequest } from '../../../src/outputs/pull-request.js';
import { startTrackingComment } from '../../../src/outputs/tracking-comment.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';

const { server, octokit, repo } = await useFakeGitHub();

describe('GitHub outputs against the OpenAPI-checked fake', () => {
  it('reacts with eyes and keeps one tracking comment, finalised last', async () => {
    const issue = server.state.addIssue({ title: 'Bug' });
    await addEyesReaction(octokit, repo, { kind: 'issue', number: issue.number }, assert.fail);
    assert.equal(server.state.reactionsOn({ kind: 'issue', number: issue.number } as any).length, 1);

    const tracking = await startTrackingComment(octokit, repo, issue.number, {
      runUrl: `${server.serverUrl}/Codertocat/Hello-World/actions/runs/1`,
      publish: (md) => md.replaceAll('SECRET', '***'),
      warn: assert.fail,
      minIntervalMs: 10,
    });
    tracking.update({ turns: 1, step: 'Thinking' });
    tracking.activity('c1', { tool: 'read_file', label: '`README.md`', status: 'running' });
    tracking.activity('c1', { tool: 'read_file', label: '`README.md`', status: 'ok' });
    await tracking.finalise('success', 'Opened pull request #2 with SECRET inside');
    tracking.update({ step: 'too late' });
    await new Promise((resolve) => setTimeout(resolve, 50));

    const comments = server.state.commentsOn(issue.number);
    assert.equal(comments.length, 1);
    assert.match(comments[0]!.body, /^✅ Opened pull request #2 with \*\*\* inside/);
    assert.match(
      comments[0]!.body,
      /\[View the run\]\(http:\/\/127\.0\.0\.1:\d+\/Codertocat\/Hello-World\/actions\/runs\/1\)/,
    );
    server.assertNoViolations();
  });

  it('opens a pull request once and updates it on the next run', async () => {
    const main = await server.git.resolve('main');
    await server.git.commit('agent/issue-9', { 'fix.txt': 'x\n' }, 'fix', main);
    const first = await openOrUpdatePullRequest(octokit, repo, {
      head: 'agent/issue-9',
      base: 'main',
      title: 'Fix',
      body: 'one',
      draft: false,
    });
    const second = await openOrUpdatePullRequest(octokit, repo, {
      head: 'agent/issue-9',
      base: 'main',
      title: 'Fix again',
      body: 'two',
      draft: true,
    });
    assert.equal(first.created, true);
    assert.equal(second.created, false);
    assert.equal(second.number, first.number);
    const pulls = server.state.pulls().filter((p) => p.pull?.headRef === 'agent/issue-9');
    assert.equal(pulls.length, 1);
    assert.equal(pulls[0]!.title, 'Fix again');
    assert.equal(pulls[0]!.body, 'two');
    server.assertNoViolations();
  });

  it('collects the failed jobs of a run, following the log redirect', async () => {
    const workflow = server.state.addWorkflow({ path: '.github/workflows/ci.yml', name: 'CI' });
    const log = [
      '2024-05-01T10:00:00.0000000Z ##[group]Run actions/checkout@v4',
      '2024-05-01T10:00:01.0000000Z Checked out',
      '2024-05-01T10:00:01.0000000Z ##[endgroup]',
      '2024-05-01T10:00:02.0000000Z ##[group]Run npm test',
      '2024-05-01T10:00:02.0000000Z npm test',
      '2024-05-01T10:00:03.0000000Z ##[endgroup]',
      '2024-05-01T10:00:04.0000000Z \u001b[31m✖ adds numbers\u001b[39m',
      '2024-05-01T10:00:04.0000000Z   AssertionError: expected 3 to equal 4',
      '2024-05-01T10:00:05.0000000Z ##[error]Process completed with exit code 1.',
    ].join('\n');
    const run = server.state.addRun({
      workflowId: workflow.id,
      headBranch: 'main',
      headSha: (await server.git.resolve('main'))!,
      status: 'completed',
      script: {
        conclusion: 'failure',
        jobs: [
          { name: 'lint', conclusion: 'success' },
          {
            name: 'test',
            conclusion: 'failure',
            steps: [
              { name: 'Checkout', conclusion: 'success' },
              { name: 'Run tests', conclusion: 'failure' },
            ],
            log,
          },
        ],
      },
    });
    const report = await collectFailureLogs(octokit, repo, { runId: run.id });
    assert.equal(report.jobs.length, 1);
    assert.deepEqual(report.jobs[0]!.failedSteps, ['Run tests']);
    const text = formatFailureReport(report);
    assert.match(text, /Job "test" failed at step: Run tests/);
    assert.match(text, /✖ adds numbers\n {2}AssertionError: expected 3 to equal 4/);
    assert.doesNotMatch(text, /\u001b|2024-05-01T|Checked out/);
    server.assertNoViolations();
  });
});
