import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Octokit } from '@octokit/rest';
import { type GitHubServer, startGitHubServer } from '../../fakes/github-server.js';

describe('fake GitHub server driven by @octokit/rest', () => {
  let server: GitHubServer;
  let octokit: Octokit;
  let repo: { owner: string; repo: string };

  before(async () => {
    server = await startGitHubServer({
      files: { 'README.md': '# Hello\n', 'src/a.ts': 'export const a = 1;\n' },
    });
    octokit = new Octokit({ auth: server.token, baseUrl: server.apiUrl });
    repo = { owner: server.owner, repo: server.repo };
  });
  after(() => server.close());

  it('serves the repository and permissions', async () => {
    server.state.addUser('reader', { permission: 'read' });
    server.state.addUser('maintainer', { permission: 'maintain' });
    const { data } = await octokit.rest.repos.get(repo);
    assert.equal(data.full_name, 'Codertocat/Hello-World');
    assert.equal(data.default_branch, 'main');
    const reader = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: 'reader' });
    assert.equal(reader.data.permission, 'read');
    const maintainer = await octokit.rest.repos.getCollaboratorPermissionLevel({
      ...repo,
      username: 'maintainer',
    });
    assert.deepEqual([maintainer.data.permission, maintainer.data.role_name], ['write', 'maintain']);
    server.assertNoViolations();
  });

  it('answers issue, comment and reaction calls and keeps the state', async () => {
    const issue = server.state.addIssue({
      number: 7,
      title: 'Crash on start',
      body: 'It crashes',
      user: 'octocat',
    });
    const got = await octokit.rest.issues.get({ ...repo, issue_number: 7 });
    assert.equal(got.data.title, 'Crash on start');
    const created = await octokit.rest.issues.createComment({
      ...repo,
      issue_number: 7,
      body: 'Working on it…',
    });
    assert.equal(created.status, 201);
    assert.equal(created.data.user?.login, 'github-actions[bot]');
    await octokit.rest.issues.updateComment({ ...repo, comment_id: created.data.id, body: 'Done' });
    assert.equal(server.state.issueComments.get(created.data.id)?.body, 'Done');
    for (let i = 0; i < 35; i++)
      server.state.addIssueComment({ issueNumber: 7, body: `c${i}`, user: 'octocat' });
    const all = await octokit.paginate(octokit.rest.issues.listComments, {
      ...repo,
      issue_number: 7,
      per_page: 10,
    });
    assert.equal(all.length, 36);
    const first = await octokit.rest.reactions.createForIssue({
      ...repo,
      issue_number: issue.number,
      content: 'eyes',
    });
    const again = await octokit.rest.reactions.createForIssue({
      ...repo,
      issue_number: issue.number,
      content: 'eyes',
    });
    assert.deepEqual([first.status, again.status], [201, 200]);
    await octokit.rest.reactions.createForIssueComment({
      ...repo,
      comment_id: created.data.id,
      content: 'rocket',
    });
    assert.equal(server.state.reactions.length, 2);
    const missing = await octokit.rest.issues.get({ ...repo, issue_number: 999 }).catch((e) => e);
    assert.equal(missing.status, 404);
    server.assertNoViolations();
  });

  it('opens, finds, updates pull requests and refuses a second one for the same head', async () => {
    await server.git.commit('agent/issue-7', { 'src/a.ts': 'export const a = 2;\n' }, 'Fix a', 'main');
    const opened = await octokit.rest.pulls.create({
      ...repo,
      title: 'Fix a',
      head: 'agent/issue-7',
      base: 'main',
      body: 'Fixes #7',
    });
    assert.equal(opened.status, 201);
    assert.equal(opened.data.head.ref, 'agent/issue-7');
    assert.equal(opened.data.head.sha, await server.git.resolve('agent/issue-7'));
    assert.deepEqual([opened.data.commits, opened.data.changed_files], [1, 1]);
    const duplicate = await octokit.rest.pulls
      .create({ ...repo, title: 'Again', head: 'agent/issue-7', base: 'main' })
      .catch((e) => e);
    assert.equal(duplicate.status, 422);
    assert.match(JSON.stringify(duplicate.response.data), /A pull request already exists/);
    const found = await octokit.rest.pulls.list({ ...repo, head: 'Codertocat:agent/issue-7', state: 'open' });
    assert.deepEqual(
      found.data.map((p) => p.number),
      [opened.data.number],
    );
    await octokit.rest.pulls.update({
      ...repo,
      pull_number: opened.data.number,
      body: 'Fixes #7\n\nupdated',
    });
    assert.match(server.state.issues.get(opened.data.number)?.body ?? '', /updated/);
    const files = await octokit.rest.pulls.listFiles({ ...repo, pull_number: opened.data.number });
    assert.equal(files.data[0]?.filename, 'src/a.ts');
    assert.match(files.data[0]?.patch ?? '', /\+export const a = 2;/);
    const asIssue = await octokit.rest.issues.get({ ...repo, issue_number: opened.data.number });
    assert.ok(asIssue.data.pull_request);
    server.assertNoViolations();
  });

  it('describes a fork pull request by its head repository and refs/pull/<n>/head', async () => {
    const pr = server.state.addPullRequest({
      title: 'From a fork',
      headRef: 'patch-1',
      baseRef: 'main',
      user: 'forker',
      headRepo: 'forker/Hello-World',
    });
    const sha = await server.git.commit(
      `refs/pull/${pr.number}/head`,
      { 'fork.txt': 'hi\n' },
      'Fork change',
      'main',
    );
    const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: pr.number });
    assert.equal(data.head.repo?.full_name, 'forker/Hello-World');
    assert.equal(data.head.repo?.fork, true);
    assert.equal(data.head.sha, sha);
    assert.equal(data.base.repo.full_name, 'Codertocat/Hello-World');
    server.assertNoViolations();
  });

  it('threads review-comment replies under the first comment', async () => {
    const sha = await server.git.commit('feature', { 'src/b.ts': 'let b = 1;\n' }, 'Add b', 'main');
    const pr = server.state.addPullRequest({
      title: 'Add b',
      headRef: 'feature',
      baseRef: 'main',
      user: 'octocat',
    });
    const root = server.state.addReviewComment({
      pullNumber: pr.number,
      body: '/agent make this a constant',
      user: 'octocat',
      path: 'src/b.ts',
      line: 1,
      diffHunk: '@@ -0,0 +1 @@\n+let b = 1;',
      commitId: sha,
    });
    const got = await octokit.rest.pulls.getReviewComment({ ...repo, comment_id: root.id });
    assert.equal(got.data.diff_hunk, root.diffHunk);
    const reply = await octokit.rest.pulls.createReplyForReviewComment({
      ...repo,
      pull_number: pr.number,
      comment_id: root.id,
      body: 'Done in abc123',
    });
    assert.equal(reply.data.in_reply_to_id, root.id);
    const replyToReply = await octokit.rest.pulls.createReplyForReviewComment({
      ...repo,
      pull_number: pr.number,
      comment_id: reply.data.id,
      body: 'and again',
    });
    assert.equal(replyToReply.data.in_reply_to_id, root.id);
    const listed = await octokit.rest.pulls.listReviewComments({ ...repo, pull_number: pr.number });
    assert.equal(listed.data.length, 3);
    assert.deepEqual(
      server.state.thread(reply.data.id).map((c) => c.body),
      [root.body, 'Done in abc123', 'and again'],
    );
    await octokit.rest.reactions.createForPullRequestReviewComment({
      ...repo,
      comment_id: root.id,
      content: 'eyes',
    });
    server.assertNoViolations();
  });

  it('reads refs, commits and branches from the bare repository', async () => {
    const head = await server.git.resolve('main');
    const ref = await octokit.rest.git.getRef({ ...repo, ref: 'heads/main' });
    assert.equal(ref.data.object.sha, head);
    const commit = await octokit.rest.repos.getCommit({ ...repo, ref: 'main' });
    assert.equal(commit.data.sha, head);
    assert.equal(commit.data.commit.message, 'Initial commit');
    const branch = await octokit.rest.repos.getBranch({ ...repo, branch: 'main' });
    assert.equal(branch.data.commit.sha, head);
    const missing = await octokit.rest.git.getRef({ ...repo, ref: 'heads/nope' }).catch((e) => e);
    assert.equal(missing.status, 404);
    server.assertNoViolations();
  });

  it('runs a scripted dispatch: queued → in_progress → completed, with jobs, logs and check runs', async () => {
    server.state.addWorkflow({ path: '.github/workflows/ci.yml', name: 'CI' });
    server.state.scriptRuns('ci.yml', {
      conclusion: 'failure',
      jobs: [
        { name: 'lint', conclusion: 'success', log: 'lint ok\n' },
        {
          name: 'test',
          log: '2024-01-01T00:00:00.0000000Z not ok 1 - adds\n##[error]Process completed with exit code 1.\n',
        },
      ],
    });
    const dispatched = await octokit.rest.actions.createWorkflowDispatch({
      ...repo,
      workflow_id: 'ci.yml',
      ref: 'main',
    });
    assert.equal(dispatched.status, 204);
    const list = () =>
      octokit.rest.actions.listWorkflowRuns({
        ...repo,
        workflow_id: 'ci.yml',
        branch: 'main',
        event: 'workflow_dispatch',
      });
    const [run] = (await list()).data.workflow_runs;
    assert.ok(run);
    assert.equal(run.status, 'queued');
    assert.equal(run.head_sha, await server.git.resolve('main'));
    const statuses = [run.status];
    while (statuses.at(-1) !== 'completed') {
      statuses.push(
        (await octokit.rest.actions.getWorkflowRun({ ...repo, run_id: run.id })).data.status ?? '',
      );
    }
    assert.deepEqual(statuses, ['queued', 'in_progress', 'completed']);
    const done = await octokit.rest.actions.getWorkflowRun({ ...repo, run_id: run.id });
    assert.equal(done.data.conclusion, 'failure');
    const jobs = await octokit.rest.actions.listJobsForWorkflowRun({ ...repo, run_id: run.id });
    assert.deepEqual(
      jobs.data.jobs.map((j) => [j.name, j.conclusion]),
      [
        ['lint', 'success'],
        ['test', 'failure'],
      ],
    );
    const failed = jobs.data.jobs[1]!;
    const log = await octokit.rest.actions.downloadJobLogsForWorkflowRun({ ...repo, job_id: failed.id });
    assert.match(String(log.data), /not ok 1 - adds/);
    const checks = await octokit.rest.checks.listForRef({ ...repo, ref: run.head_sha });
    assert.deepEqual(checks.data.check_runs.map((c) => c.conclusion).sort(), ['failure', 'success']);
    server.assertNoViolations();
  });

  it('returns run details when asked and refuses undispatchable workflows and unknown refs', async () => {
    server.state.addWorkflow({ path: '.github/workflows/push-only.yml', dispatchable: false });
    const refused = await octokit.rest.actions
      .createWorkflowDispatch({ ...repo, workflow_id: 'push-only.yml', ref: 'main' })
      .catch((e) => e);
    assert.equal(refused.status, 422);
    const badRef = await octokit.rest.actions
      .createWorkflowDispatch({ ...repo, workflow_id: 'ci.yml', ref: 'no-such-branch' })
      .catch((e) => e);
    assert.equal(badRef.status, 422);
    const details = await octokit.request(
      'POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches',
      {
        ...repo,
        workflow_id: 'ci.yml',
        ref: 'main',
        return_run_details: true,
      },
    );
    assert.equal(details.status, 200);
    assert.ok(server.state.runs.has((details.data as any).workflow_run_id));
    server.assertNoViolations();
  });

  it('lets a test intercept an operation, e.g. a dispatch refused with 403', async () => {
    const undo = server.intercept('actions/create-workflow-dispatch', () => ({
      status: 403,
      body: {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest',
      },
    }));
    const refused = await octokit.rest.actions
      .createWorkflowDispatch({ ...repo, workflow_id: 'ci.yml', ref: 'main' })
      .catch((e) => e);
    assert.equal(refused.status, 403);
    undo();
    const accepted = await octokit.rest.actions.createWorkflowDispatch({
      ...repo,
      workflow_id: 'ci.yml',
      ref: 'main',
    });
    assert.equal(accepted.status, 204);
    server.assertNoViolations();
  });
});
