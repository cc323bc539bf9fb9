import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RUN_TRAILER } from '../../../src/git/commit.js';
import { checkGate } from '../../../src/triggers/gate.js';
import { resolveTrigger } from '../../../src/triggers/resolve-trigger.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';
import { webhookExample } from '../../helpers/webhook-examples.js';

const { server, octokit } = await useFakeGitHub();
server.state.addUser('reader', { permission: 'read' });
server.state.addUser('writer', { permission: 'write' });
const options = { triggerPhrase: '/agent', label: 'agent', prompt: undefined, runId: 1, actor: undefined };
const repo = { owner: 'Codertocat', repo: 'Hello-World' };
const gate = {
  minPermission: 'write' as const,
  branchPrefix: 'agent/',
  runTrailer: RUN_TRAILER,
};

/** GitHub's own `pull_request_review_comment.created` payload (a comment with a line), by `login`. */
function reviewComment(login: string, body: string, type = 'User', action = 'created') {
  const payload = webhookExample('pull_request_review_comment', action, action === 'created' ? 1 : 0);
  payload['comment']['body'] = body;
  payload['comment']['user']['login'] = login;
  payload['comment']['user']['type'] = type;
  return resolveTrigger('pull_request_review_comment', payload, options);
}

function active(trigger: ReturnType<typeof resolveTrigger>) {
  if (trigger.kind !== 'review-comment')
    throw new Error(`expected a review-comment trigger, got ${trigger.kind}`);
  return trigger;
}

function permissionRequests(login: string) {
  return server.requests.filter((r) => r.url.endsWith(`/collaborators/${login}/permission`)).length;
}

describe('who may trigger from a review comment', () => {
  it('denies a read-only commenter with a reason, asking only the permission API', async () => {
    const trigger = active(reviewComment('reader', '/agent make this a constant'));
    const before = server.requests.length;
    const decision = await checkGate(octokit, repo, trigger, gate);
    assert.deepEqual(decision, {
      kind: 'denied',
      reason: '@reader has "read" permission on Codertocat/Hello-World; "write" or more is needed',
    });
    assert.deepEqual(
      server.requests.slice(before).map((r) => `${r.method} ${r.url}`),
      ['GET /api/v3/repos/Codertocat/Hello-World/collaborators/reader/permission'],
    );
    server.assertNoViolations();
  });

  it('allows a writer, and keeps the thread, file and line of the real payload', async () => {
    const trigger = active(reviewComment('writer', '/agent make this a constant'));
    assert.equal(trigger.instruction, 'make this a constant');
    assert.equal(trigger.threadRootId, trigger.commentId);
    assert.equal(trigger.line, 265);
    assert.equal(trigger.headRepository, 'Codertocat/Hello-World');
    assert.deepEqual(await checkGate(octokit, repo, trigger, gate), { kind: 'allowed', permission: 'write' });
    server.assertNoViolations();
  });

  it('denies bots before any API call, even with write access', async () => {
    const trigger = active(reviewComment('github-actions[bot]', '/agent do it', 'Bot'));
    const decision = await checkGate(octokit, repo, trigger, gate);
    assert.equal(decision.kind, 'denied');
    assert.match(decision.kind === 'denied' ? decision.reason : '', /is a bot/);
    assert.equal(permissionRequests('github-actions[bot]'), 0);
  });

  it('never reaches the gate for edited comments or comments without the phrase', () => {
    assert.equal(reviewComment('writer', '/agent go', 'User', 'edited').kind, 'skip');
    assert.equal(reviewComment('writer', 'looks good, but /agent could help').kind, 'skip');
  });
});
