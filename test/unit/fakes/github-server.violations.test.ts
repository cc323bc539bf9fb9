import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Octokit } from '@octokit/rest';
import { type GitHubServer, startGitHubServer } from '../../fakes/github-server.js';
import { webhookExample } from '../../helpers/webhook-examples.js';

const quiet = () => {};
const SILENT = { debug: quiet, info: quiet, warn: quiet, error: quiet };

describe('fake GitHub server: non-conforming requests', () => {
  let server: GitHubServer;
  let octokit: Octokit;
  let repo: { owner: string; repo: string };

  before(async () => {
    server = await startGitHubServer();
    octokit = new Octokit({ auth: server.token, baseUrl: server.apiUrl, log: SILENT });
    repo = { owner: server.owner, repo: server.repo };
    server.state.addIssue({ number: 1, title: 'An issue' });
  });
  after(() => server.close());

  /** A request whose route and parameters TypeScript does not check: these tests send wrong ones on purpose. */
  function raw(route: string, parameters: Record<string, unknown>) {
    return octokit.request(route, parameters);
  }

  /** Runs `request`, returns its HTTP status and the violations it added. */
  async function violationsOf(request: () => Promise<unknown>) {
    const before = server.violations.length;
    const status = await request().then(
      (r: any) => r.status as number,
      (e: any) => e.status as number,
    );
    return { status, added: server.violations.slice(before) };
  }

  it('records a body field of the wrong type and answers 400', async () => {
    const { status, added } = await violationsOf(() =>
      raw('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        ...repo,
        issue_number: 1,
        body: 123,
      }),
    );
    assert.equal(status, 400);
    assert.equal(added.length, 1);
    assert.equal(added[0]?.kind, 'request');
    assert.equal(added[0]?.operationId, 'issues/create-comment');
    assert.deepEqual(added[0]?.errors, ['body/body must be string']);
    assert.equal(server.state.commentsOn(1).length, 0, 'a rejected request changes nothing');
  });

  it('records an unknown body field, a missing required field and a bad enum value', async () => {
    const misspelt = await violationsOf(() =>
      raw('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        ...repo,
        issue_number: 1,
        bodyy: 'x',
      }),
    );
    assert.equal(misspelt.status, 400);
    assert.match(misspelt.added[0]?.errors.join('\n') ?? '', /must have required property 'body'/);
    assert.match(misspelt.added[0]?.errors.join('\n') ?? '', /must NOT have additional properties/);
    const reaction = await violationsOf(() =>
      raw('POST /repos/{owner}/{repo}/issues/{issue_number}/reactions', {
        ...repo,
        issue_number: 1,
        content: 'wave',
      }),
    );
    assert.equal(reaction.status, 400);
    assert.match(
      reaction.added[0]?.errors[0] ?? '',
      /body\/content must be equal to one of the allowed values/,
    );
  });

  it('records an unknown path (404), a wrong method and a bad path or query parameter', async () => {
    const unknown = await violationsOf(() =>
      octokit.request('GET /repos/{owner}/{repo}/no-such-thing', repo),
    );
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.added[0]?.errors, [
      'no operation matches GET /repos/Codertocat/Hello-World/no-such-thing',
    ]);
    const method = await violationsOf(() =>
      octokit.request('DELETE /repos/{owner}/{repo}/issues/{issue_number}', { ...repo, issue_number: 1 }),
    );
    assert.equal(method.status, 404);
    assert.match(method.added[0]?.errors[0] ?? '', /method not allowed/);
    const param = await violationsOf(() =>
      raw('GET /repos/{owner}/{repo}/issues/{issue_number}', { ...repo, issue_number: 'first' }),
    );
    assert.equal(param.status, 400);
    assert.match(param.added[0]?.errors[0] ?? '', /path\/issue_number must be integer/);
    const query = await violationsOf(() =>
      octokit.request('GET /repos/{owner}/{repo}/pulls', { ...repo, status: 'open' }),
    );
    assert.deepEqual(query.added[0]?.errors, ['unknown query parameter "status"']);
  });

  it('refuses API calls without the token and records them', async () => {
    const anonymous = new Octokit({ baseUrl: server.apiUrl, log: SILENT });
    const { status, added } = await violationsOf(() => anonymous.rest.repos.get(repo));
    assert.equal(status, 401);
    assert.equal(added[0]?.kind, 'auth');
    const wrong = new Octokit({ auth: 'ghs_wrong', baseUrl: server.apiUrl, log: SILENT });
    assert.equal((await violationsOf(() => wrong.rest.repos.get(repo))).status, 401);
  });

  it('fails assertNoViolations while violations are recorded', () => {
    assert.ok(server.violations.length > 0);
    assert.throws(() => server.assertNoViolations(), /non-conforming traffic/);
  });

  it('records every request with headers and body, so tests can look for leaked secrets', async () => {
    await octokit.rest.issues.createComment({ ...repo, issue_number: 1, body: 'hello from the action' });
    const last = server.requests.at(-1)!;
    assert.equal(last.method, 'POST');
    assert.equal(last.operationId, 'issues/create-comment');
    assert.equal(JSON.parse(last.body).body, 'hello from the action');
    assert.equal(last.headers['authorization'], `token ${server.token}`);
    assert.ok(server.requests.every((r) => !r.body.includes('sk-not-a-real-key')));
  });
});

describe('fake GitHub server: state from real webhook payloads', () => {
  it('serves the issue and comment an issue_comment payload names', async () => {
    const payload = webhookExample('issue_comment', 'created');
    const server = await startGitHubServer({
      owner: payload.repository.owner.login,
      repo: payload.repository.name,
    });
    try {
      const octokit = new Octokit({ auth: server.token, baseUrl: server.apiUrl });
      server.state.addUser(payload.comment.user.login, { permission: 'write' });
      server.state.addIssue({
        number: payload.issue.number,
        title: payload.issue.title,
        user: payload.issue.user.login,
      });
      const comment = server.state.addIssueComment({
        issueNumber: payload.issue.number,
        body: '/agent fix',
        user: payload.comment.user.login,
      });
      const repo = { owner: payload.repository.owner.login, repo: payload.repository.name };
      const permission = await octokit.rest.repos.getCollaboratorPermissionLevel({
        ...repo,
        username: payload.comment.user.login,
      });
      assert.equal(permission.data.permission, 'write');
      await octokit.rest.reactions.createForIssueComment({
        ...repo,
        comment_id: comment.id,
        content: 'eyes',
      });
      assert.deepEqual(
        server.state.reactionsOn({ kind: 'issue-comment', id: comment.id }).map((r) => r.content),
        ['eyes'],
      );
      const other = await octokit.rest.repos.get({ owner: 'someone', repo: 'else' }).catch((e) => e);
      assert.equal(other.status, 404, 'only the seeded repository exists');
      server.assertNoViolations();
    } finally {
      await server.close();
    }
  });
});
