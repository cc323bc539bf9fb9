/** `pull_request` / `pull_request_target` payloads (real webhook examples) → review triggers, and the gate. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGate } from '../../../src/triggers/gate.js';
import { resolveTrigger } from '../../../src/triggers/resolve-trigger.js';
import type { PullRequestTrigger } from '../../../src/triggers/trigger.js';
import { webhookExample } from '../../helpers/webhook-examples.js';

const options = { triggerPhrase: '/agent', label: 'agent', prompt: undefined, runId: 1, actor: undefined };

function fork(payload: Record<string, any>) {
  payload['pull_request']['head']['repo'] = {
    ...payload['pull_request']['head']['repo'],
    full_name: 'someone/Hello-World',
  };
  return payload;
}

describe('pull-request events', () => {
  it('reviews opened, synchronize, ready_for_review and reopened in review mode', () => {
    for (const action of ['opened', 'synchronize', 'ready_for_review', 'reopened']) {
      const payload = webhookExample('pull_request', action);
      payload['pull_request']['draft'] = false;
      const trigger = resolveTrigger('pull_request', payload, { ...options, mode: 'review' });
      assert.equal(trigger.kind, 'pull-request', action);
      const t = trigger as PullRequestTrigger;
      assert.equal(t.action, action);
      assert.equal(t.sameRepo, true);
      assert.equal(t.headSha, payload['pull_request']['head']['sha']);
    }
  });

  it('skips other modes, other actions and drafts, saying why', () => {
    const opened = webhookExample('pull_request', 'opened');
    const reason = (eventName: string, payload: unknown, mode?: 'review' | 'auto') => {
      const t = resolveTrigger(eventName, payload, { ...options, ...(mode ? { mode } : {}) });
      return t.kind === 'skip' ? t.reason : t.kind;
    };
    assert.match(reason('pull_request', opened), /only with mode: review \(mode is auto\)/);
    assert.match(
      reason('pull_request', webhookExample('pull_request', 'labeled'), 'review'),
      /"labeled" is not one of/,
    );
    assert.match(
      reason(
        'pull_request_target',
        { ...opened, pull_request: { ...opened['pull_request'], draft: true } },
        'review',
      ),
      /is a draft/,
    );
  });

  it('marks a fork, and the gate checks the fork author rather than letting it through', async () => {
    const payload = fork(webhookExample('pull_request', 'opened'));
    const trigger = resolveTrigger('pull_request_target', payload, {
      ...options,
      mode: 'review',
    }) as PullRequestTrigger;
    assert.equal(trigger.sameRepo, false);
    assert.equal(trigger.event, 'pull_request_target');
    const asked: string[] = [];
    const octokit = {
      request: async (_route: string, params: Record<string, unknown>) => {
        asked.push(params['username'] as string);
        return { data: { permission: 'read', role_name: 'read' } };
      },
    } as any;
    const repo = { owner: 'Codertocat', repo: 'Hello-World' };
    const gate = {
      minPermission: 'write' as const,
      branchPrefix: 'agent/',
      runTrailer: 'X',
    };
    const denied = await checkGate(octokit, repo, trigger, gate);
    assert.equal(denied.kind, 'denied');
    assert.deepEqual(asked, [trigger.author.login]);
    // The same PR from this repository needs no permission lookup: its branch was pushed by a writer.
    const own = await checkGate(octokit, repo, { ...trigger, sameRepo: true }, gate);
    assert.deepEqual(own, { kind: 'allowed' });
    assert.equal(asked.length, 1);
  });
});
