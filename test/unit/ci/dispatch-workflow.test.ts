import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type DispatchWorkflowOptions, dispatchWorkflow } from '../../../src/ci/dispatch-workflow.js';
import { timeBudget, waitForRun } from '../../../src/ci/wait-for-run.js';
import { HANDLERS } from '../../fakes/github-handlers.js';
import { forbidden } from '../../fakes/github-reply.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';

const { server, octokit, repo } = await useFakeGitHub();
server.state.addWorkflow({ path: '.github/workflows/ci.yml', name: 'CI' });
server.state.addWorkflow({ path: '.github/workflows/lint.yml', name: 'Lint', dispatchable: false });

const fast = { poll: { initialMs: 10, maxMs: 40 } };

/** `dispatchWorkflow` on the fake's repository, `ci.yml` unless told, polling fast. */
const dispatch = (options: Omit<DispatchWorkflowOptions, 'workflow'> & { workflow?: string }) =>
  dispatchWorkflow(octokit, repo, { workflow: 'ci.yml', ...options, ...fast });

let branchCount = 0;

/** A branch one commit ahead of main, as the action pushes it. */
async function pushedBranch(): Promise<{ branch: string; sha: string }> {
  const branch = `agent/issue-${++branchCount}`;
  const sha = await server.git.commit(
    branch,
    { 'fix.txt': `${branch}\n` },
    'Agent change',
    await server.git.resolve('main'),
  );
  return { branch, sha };
}

const bodies = (path: RegExp) =>
  server.requests.filter((r) => r.method === 'POST' && path.test(r.url)).map((r) => JSON.parse(r.body));

describe('dispatchWorkflow against the OpenAPI-checked fake', () => {
  it('dispatches on the branch and returns the run GitHub names in its answer', async () => {
    const { branch, sha } = await pushedBranch();
    const result = await dispatch({ branch, headSha: sha });
    assert.equal(result.kind, 'dispatched');
    assert.ok(result.kind === 'dispatched');
    const run = server.state.runs.get(result.runId);
    assert.equal(run?.event, 'workflow_dispatch');
    assert.equal(run?.headBranch, branch);
    assert.equal(result.headSha, sha);
    assert.equal(result.htmlUrl, `${server.serverUrl}/Codertocat/Hello-World/actions/runs/${result.runId}`);
    assert.ok(['queued', 'in_progress'].includes(result.status));
    assert.deepEqual(bodies(/\/dispatches$/).at(-1), { ref: branch, return_run_details: true });
    server.assertNoViolations();
  });

  it('finds the run by listing when the server does not answer with run details (GHES)', async () => {
    const { branch, sha } = await pushedBranch();
    const ci = server.state.workflow('ci.yml')!;
    // Decoys: a push run of the same commit, a dispatched run of another commit, an earlier dispatch.
    server.state.addRun({ workflowId: ci.id, headBranch: branch, headSha: sha, event: 'push' });
    const main = (await server.git.resolve('main'))!;
    server.state.addRun({ workflowId: ci.id, headBranch: branch, headSha: main, event: 'workflow_dispatch' });
    const earlier = server.state.addRun({
      workflowId: ci.id,
      headBranch: branch,
      headSha: sha,
      event: 'workflow_dispatch',
    });
    earlier.createdAt = '2020-01-01T00:00:00Z';
    const undo = server.intercept('actions/create-workflow-dispatch', (input) => {
      if (input.body.return_run_details) {
        return {
          status: 422,
          body: {
            message: 'Invalid request.\n\n"return_run_details" is not a permitted key.',
            documentation_url: 'https://docs.github.com/rest',
          },
        };
      }
      return HANDLERS['actions/create-workflow-dispatch']!(input);
    });
    try {
      const result = await dispatch({ branch, headSha: sha });
      assert.ok(result.kind === 'dispatched', JSON.stringify(result));
      const run = server.state.runs.get(result.runId)!;
      assert.equal(run.event, 'workflow_dispatch');
      assert.equal(run.headSha, sha);
      const list = server.requests.filter((r) => r.operationId === 'actions/list-workflow-runs').at(-1)!;
      const query = new URL(list.url, server.serverUrl).searchParams;
      assert.equal(query.get('branch'), branch);
      assert.equal(query.get('event'), 'workflow_dispatch');
      assert.equal(query.get('head_sha'), sha);
      assert.deepEqual(bodies(/\/dispatches$/).slice(-2), [
        { ref: branch, return_run_details: true },
        { ref: branch },
      ]);
    } finally {
      undo();
    }
    server.assertNoViolations();
  });

  it('waits as GitHub asks when listing runs hits a rate limit', async () => {
    const { branch, sha } = await pushedBranch();
    let limited = 0;
    const undoDispatch = server.intercept('actions/create-workflow-dispatch', (input) =>
      HANDLERS['actions/create-workflow-dispatch']!({ ...input, body: { ref: input.body.ref } }),
    );
    const undoList = server.intercept('actions/list-workflow-runs', () => {
      if (limited++ > 0) return undefined;
      return {
        status: 403,
        headers: { 'retry-after': '0' },
        body: {
          message: 'You have exceeded a secondary rate limit.',
          documentation_url: 'https://docs.github.com/rest',
        },
      };
    });
    try {
      const result = await dispatch({ branch, headSha: sha });
      assert.ok(result.kind === 'dispatched', JSON.stringify(result));
      assert.equal(limited, 2);
    } finally {
      undoList();
      undoDispatch();
    }
    server.assertNoViolations();
  });

  it('reports a workflow without workflow_dispatch (422) with the fix', async () => {
    const { branch } = await pushedBranch();
    const result = await dispatch({ workflow: 'lint.yml', branch });
    assert.ok(result.kind === 'failed');
    assert.equal(result.error.kind, 'no-dispatch-trigger');
    assert.match(
      result.error.fix,
      /Add `workflow_dispatch:` under `on:` in `\.github\/workflows\/lint\.yml`/,
    );
    server.assertNoViolations();
  });

  it('reports a wrong workflow file name (404) with the fix', async () => {
    const { branch } = await pushedBranch();
    const result = await dispatch({ workflow: 'cl.yml', branch });
    assert.ok(result.kind === 'failed');
    assert.equal(result.error.kind, 'workflow-not-found');
    assert.match(result.error.message, /`cl\.yml`/);
    assert.match(result.error.fix, /`ci-workflow`/);
    server.assertNoViolations();
  });

  it('reports a token without actions: write (403) with the fix', async () => {
    const { branch } = await pushedBranch();
    const undo = server.intercept('actions/create-workflow-dispatch', forbidden);
    try {
      const result = await dispatch({ branch });
      assert.ok(result.kind === 'failed');
      assert.equal(result.error.kind, 'forbidden');
      assert.match(result.error.message, /Resource not accessible by integration/);
      assert.match(result.error.fix, /permissions: actions: write/);
    } finally {
      undo();
    }
    server.assertNoViolations();
  });

  it('gives up with a clear message when the run never appears', async () => {
    const { branch, sha } = await pushedBranch();
    const undo = server.intercept('actions/create-workflow-dispatch', () => ({ status: 204 }));
    try {
      const result = await dispatch({ branch, headSha: sha, findTimeoutMs: 200 });
      assert.ok(result.kind === 'failed');
      assert.equal(result.error.kind, 'run-not-found');
      assert.match(result.error.message, new RegExp(`no run for ${sha.slice(0, 7)} appeared`));
      assert.match(result.error.fix, /Actions tab/);
    } finally {
      undo();
    }
    server.assertNoViolations();
  });

  it('stops looking when the job is cancelled', async () => {
    const { branch } = await pushedBranch();
    const undo = server.intercept('actions/create-workflow-dispatch', () => ({ status: 204 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    try {
      const result = await dispatch({ branch, signal: controller.signal });
      assert.equal(result.kind, 'cancelled');
    } finally {
      undo();
    }
    server.assertNoViolations();
  });
});

describe('waitForRun', () => {
  it('follows a run through queued and in_progress to its conclusion', async () => {
    const { branch, sha } = await pushedBranch();
    server.state.scriptRuns('ci.yml', { conclusion: 'failure', pollsPerPhase: 2 });
    const dispatched = await dispatch({ branch, headSha: sha });
    assert.ok(dispatched.kind === 'dispatched');
    const seen: string[] = [];
    const result = await waitForRun(octokit, repo, {
      runId: dispatched.runId,
      budget: timeBudget(Date.now() + 10_000),
      onStatus: (s) => seen.push(s),
      ...fast,
    });
    assert.deepEqual(result, { kind: 'completed', conclusion: 'failure', htmlUrl: dispatched.htmlUrl });
    assert.deepEqual(seen.at(-1), 'completed');
    assert.ok(seen.includes('in_progress'));
    server.assertNoViolations();
  });

  it('stops at the deadline with the last status', async () => {
    const { branch, sha } = await pushedBranch();
    server.state.scriptRuns('ci.yml', { conclusion: 'success', pollsPerPhase: 1_000_000 });
    const dispatched = await dispatch({ branch, headSha: sha });
    assert.ok(dispatched.kind === 'dispatched');
    const result = await waitForRun(octokit, repo, {
      runId: dispatched.runId,
      budget: timeBudget(Date.now() + 150),
      ...fast,
    });
    assert.deepEqual(result, { kind: 'deadline', status: 'queued' });
    server.assertNoViolations();
  });

  it('reports a run that cannot be found', async () => {
    const result = await waitForRun(octokit, repo, {
      runId: 999_999,
      budget: timeBudget(Date.now() + 1000),
      workflow: 'ci.yml',
      ...fast,
    });
    assert.ok(result.kind === 'failed');
    assert.equal(result.error.kind, 'run-not-found');
    assert.match(result.error.message, /run 999999 of `ci\.yml` could not be found/);
    server.assertNoViolations();
  });
});
