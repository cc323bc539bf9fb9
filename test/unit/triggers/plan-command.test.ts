import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planCommandOf } from '../../../src/triggers/plan-command.js';
import { resolveTrigger } from '../../../src/triggers/resolve-trigger.js';
import { webhookExample } from '../../helpers/webhook-examples.js';

const OPTIONS = { triggerPhrase: '/agent', label: 'agent', prompt: undefined, runId: 7, actor: 'octocat' };

describe('planCommandOf', () => {
  it('takes plan and approve as the first word only', () => {
    assert.deepEqual(planCommandOf('plan'), { kind: 'plan', rest: '' });
    assert.deepEqual(planCommandOf('Plan: keep the API'), { kind: 'plan', rest: 'keep the API' });
    assert.deepEqual(planCommandOf('approve\nand add a test'), { kind: 'approve', rest: 'and add a test' });
    assert.deepEqual(planCommandOf('approve, but skip docs'), { kind: 'approve', rest: 'but skip docs' });
    for (const text of [
      'planning the release',
      'approved-by bot',
      'fix the plan',
      'plans',
      'approve-all',
      '',
    ])
      assert.equal(planCommandOf(text), undefined, text);
  });
});

describe('resolveTrigger with plan and approve', () => {
  const comment = (body: string, pullRequest = false) => {
    const payload = webhookExample('issue_comment', 'created');
    payload['comment']['body'] = body;
    if (pullRequest) payload['issue']['pull_request'] = { url: 'https://api.github.com/x' };
    else delete payload['issue']['pull_request'];
    return payload;
  };

  it('turns /agent plan and /agent approve on an issue into their triggers', () => {
    const plan = resolveTrigger('issue_comment', comment('/agent plan small steps'), OPTIONS);
    assert.equal(plan.kind, 'plan');
    assert.equal(plan.kind === 'plan' && plan.instruction, 'small steps');
    const approve = resolveTrigger('issue_comment', comment('/agent approve'), OPTIONS);
    assert.equal(approve.kind, 'approve');
    assert.equal(approve.kind === 'approve' && approve.instruction, '');
  });

  it('leaves a PR comment and an ordinary request alone', () => {
    assert.equal(resolveTrigger('issue_comment', comment('/agent plan', true), OPTIONS).kind, 'pr-comment');
    assert.equal(resolveTrigger('issue_comment', comment('/agent planning'), OPTIONS).kind, 'issue-comment');
  });

  it('makes the trigger label a plan with plan-first', () => {
    const payload = webhookExample('issues', 'labeled');
    payload['label'] = { ...payload['label'], name: 'agent' };
    assert.equal(resolveTrigger('issues', payload, OPTIONS).kind, 'issue');
    const plan = resolveTrigger('issues', payload, { ...OPTIONS, planFirst: true });
    assert.equal(plan.kind, 'plan');
    assert.equal(plan.kind === 'plan' && plan.commentId, undefined);
  });
});
