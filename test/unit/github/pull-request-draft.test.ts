import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setPullRequestDraft } from '../../../src/github/pull-request-draft.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';

const { server, octokit, repo } = await useFakeGitHub();

describe('setPullRequestDraft through GraphQL on the fake', () => {
  it('converts a PR to a draft and back, and makes no call when nothing changes', async () => {
    await server.git.commit('agent/issue-1', { 'a.txt': 'a\n' }, 'change', await server.git.resolve('main'));
    const pr = server.state.addPullRequest({ title: 'Fix', headRef: 'agent/issue-1', baseRef: 'main' });

    assert.deepEqual(await setPullRequestDraft(octokit, repo, pr.number, true), {
      kind: 'changed',
      draft: true,
    });
    assert.equal(pr.pull?.draft, true);
    const graphql = server.requests.filter((r) => r.url === '/api/graphql');
    assert.equal(graphql.length, 1, 'GHES-style base URLs send GraphQL to /api/graphql');
    assert.match(JSON.parse(graphql[0]!.body).query, /convertPullRequestToDraft/);

    assert.deepEqual(await setPullRequestDraft(octokit, repo, pr.number, true), {
      kind: 'unchanged',
      draft: true,
    });
    assert.equal(server.requests.filter((r) => r.url === '/api/graphql').length, 1);

    assert.deepEqual(await setPullRequestDraft(octokit, repo, pr.number, false), {
      kind: 'changed',
      draft: false,
    });
    assert.equal(pr.pull?.draft, false);
    server.assertNoViolations();
  });

  it('returns a failure as a value', async () => {
    const result = await setPullRequestDraft(octokit, repo, 4242, true);
    assert.equal(result.kind, 'failed');
    assert.match(
      result.kind === 'failed' ? result.message : '',
      /^Could not convert the pull request to a draft: Not Found/,
    );
    server.assertNoViolations();
  });

  it('the fake answers an unknown node with a GraphQL error and flags queries it does not serve', async () => {
    const mutation =
      'mutation($id: ID!) { convertPullRequestToDraft(input: { pullRequestId: $id }) { pullRequest { isDraft } } }';
    await assert.rejects(octokit.graphql(mutation, { id: 'bm9wZQ==' }), /Could not resolve to a node/);
    server.assertNoViolations();

    await assert.rejects(octokit.graphql('query { viewer { login } }'), /Unsupported query/);
    await assert.rejects(
      octokit.graphql(mutation.replace('isDraft', 'isDraft secretField'), { id: 'bm9wZQ==' }),
      // GitHub's public schema, which the fake checks every document against, has no such field.
      /Cannot query field "secretField" on type "PullRequest"/,
    );
    assert.equal(server.violations.length, 2);
    server.violations.length = 0;
  });
});
