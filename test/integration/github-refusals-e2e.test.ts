/**
 * The built action reading GitHub's refusals the one way it reads them: a 404 where "not there"
 * is an answer (no collaborator, no such branch) leads to a decision, while any other refusal
 * stops the run with GitHub's own words. Against the OpenAPI-checked fake GitHub server with
 * real webhook payloads.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { forbidden, notFound } from '../fakes/github-reply.js';
import { commentPayload, useHarness } from '../helpers/action-harness.js';
import { webhookExample } from '../helpers/webhook-examples.js';

const h = useHarness();

/** A `/agent fix` comment by `user` on a new issue. */
function fixRequest(user: string) {
  const issue = h.github.state.addIssue({ title: 'Please fix', body: 'x', user });
  const comment = h.github.state.addIssueComment({ issueNumber: issue.number, body: '/agent fix', user });
  return commentPayload(issue, { id: comment.id, body: comment.body, user });
}

describe('GitHub refusals through the built action', () => {
  it('denies someone the permission API does not know (404), without calling the model', async () => {
    const undo = h.github.intercept('repos/get-collaborator-permission-level', () => notFound());
    try {
      const before = h.github.requests.length;
      const run = await h.run('issue_comment', fixRequest('alice'));
      assert.equal(run.exitCode, 0, run.stdout + run.stderr);
      assert.equal(run.outputs['conclusion'], 'denied');
      assert.match(
        run.stdout,
        /Denied: @alice has no permission on Codertocat\/Hello-World; "write" or more is needed/,
      );
      assert.equal(h.openai.requests.length, 0);
      const asked = h.github.requests.slice(before).map((r) => r.operationId);
      assert.ok(asked.includes('repos/get-collaborator-permission-level'), asked.join(', '));
      assert.deepEqual(
        h.github.requests.slice(before).filter((r) => r.method !== 'GET'),
        [],
        'a denied run writes nothing',
      );
    } finally {
      undo();
    }
  });

  it('fails on any other refusal of the permission API, quoting GitHub', async () => {
    const undo = h.github.intercept('repos/get-collaborator-permission-level', () => forbidden());
    try {
      const run = await h.run('issue_comment', fixRequest('alice'));
      assert.equal(run.outputs['conclusion'], 'failed', run.stdout + run.stderr);
      assert.match(run.stdout + run.stderr, /Resource not accessible by integration/);
      assert.equal(h.openai.requests.length, 0);
    } finally {
      undo();
    }
  });

  it("skips a check for a branch this repository does not have (404): a fork's branch", async () => {
    const payload = webhookExample('check_run', 'completed', 1);
    const sha = 'c0ffee'.padEnd(40, '0');
    Object.assign(payload['check_run'], {
      id: h.github.state.id(),
      name: 'ci/circleci: test',
      head_sha: sha,
      conclusion: 'failure',
      app: { ...payload['check_run']['app'], slug: 'circleci-checks', name: 'CircleCI Checks' },
    });
    payload['check_run']['check_suite'] = {
      ...payload['check_run']['check_suite'],
      head_branch: 'only-in-a-fork',
      head_sha: sha,
    };
    payload['sender'] = { ...payload['sender'], login: 'alice', type: 'User' };
    const run = await h.run('check_run', payload);
    assert.equal(run.outputs['conclusion'], 'skipped', run.stdout + run.stderr);
    assert.match(
      run.stdout,
      /ran for branch only-in-a-fork, which is not a branch of Codertocat\/Hello-World \(a fork's pull request\); fork checks are skipped/,
    );
    assert.ok(
      h.github.requests.some(
        (r) => r.operationId === 'repos/get-branch' && r.url.endsWith('/branches/only-in-a-fork'),
      ),
      'the branch was asked for (and the fake has none of that name)',
    );
    assert.equal(h.openai.requests.length, 0);
  });
});
