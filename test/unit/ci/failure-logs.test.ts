import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { collectFailureLogs, formatFailureReport } from '../../../src/ci/failure-logs.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';

const { server, octokit, repo } = await useFakeGitHub();

describe('collectFailureLogs against the OpenAPI-checked fake', () => {
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
