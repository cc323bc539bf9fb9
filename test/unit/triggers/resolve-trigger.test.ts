import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveTrigger, textAfterPhrase } from '../../../src/triggers/resolve-trigger.js';
import { webhookExample } from '../../helpers/webhook-examples.js';

const options = { triggerPhrase: '/agent', label: 'agent', prompt: undefined, runId: 4242, actor: 'octocat' };

function comment(body: string, action = 'created') {
  const payload = webhookExample('issue_comment', action);
  payload['comment']['body'] = body;
  return payload;
}

describe('resolveTrigger with real webhook payloads', () => {
  it('resolves an issue labelled with the trigger label', () => {
    const payload = webhookExample('issues', 'labeled');
    payload['label']['name'] = 'agent';
    const trigger = resolveTrigger('issues', payload, options);
    assert.equal(trigger.kind, 'issue');
    if (trigger.kind !== 'issue') return;
    assert.equal(trigger.issueNumber, payload['issue']['number']);
    assert.equal(trigger.title, payload['issue']['title']);
    assert.equal(trigger.actor.login, payload['sender']['login']);
    assert.equal(trigger.actor.id, payload['sender']['id']);
  });

  it('skips another label, and other issue actions', () => {
    const other = webhookExample('issues', 'labeled');
    other['label']['name'] = 'bug';
    assert.deepEqual(resolveTrigger('issues', other, options), {
      kind: 'skip',
      reason: 'label "bug" is not the trigger label "agent"',
    });
    for (const action of ['opened', 'unlabeled', 'edited']) {
      const trigger = resolveTrigger('issues', webhookExample('issues', action), options);
      assert.equal(trigger.kind, 'skip', action);
    }
  });

  it('resolves "/agent fix the tests" on an issue with the instruction after the phrase', () => {
    const trigger = resolveTrigger('issue_comment', comment('/agent fix the tests\nplease'), options);
    assert.equal(trigger.kind, 'issue-comment');
    if (trigger.kind !== 'issue-comment') return;
    assert.equal(trigger.instruction, 'fix the tests\nplease');
    assert.equal(trigger.commentId, 492700400);
  });

  it('resolves a comment on a pull request as a pr-comment', () => {
    const payload = comment('/agent rename the helper');
    payload['issue']['pull_request'] = { url: 'https://api.github.com/repos/Codertocat/Hello-World/pulls/1' };
    const trigger = resolveTrigger('issue_comment', payload, options);
    assert.equal(trigger.kind, 'pr-comment');
  });

  it('skips edited and deleted comments, and comments without the phrase', () => {
    assert.match(
      describeSkip(resolveTrigger('issue_comment', comment('/agent go', 'edited'), options)),
      /edited/,
    );
    assert.match(
      describeSkip(resolveTrigger('issue_comment', comment('/agent go', 'deleted'), options)),
      /deleted/,
    );
    assert.match(
      describeSkip(resolveTrigger('issue_comment', comment('please /agent fix'), options)),
      /does not start/,
    );
    assert.match(
      describeSkip(resolveTrigger('issue_comment', comment('/agents fix'), options)),
      /does not start/,
    );
  });

  it('resolves a review comment with its file, lines and hunk; skips edits', () => {
    const payload = webhookExample('pull_request_review_comment', 'created');
    payload['comment']['body'] = '/agent make this a constant';
    const trigger = resolveTrigger('pull_request_review_comment', payload, options);
    assert.equal(trigger.kind, 'review-comment');
    if (trigger.kind !== 'review-comment') return;
    assert.equal(trigger.path, payload['comment']['path']);
    assert.equal(trigger.diffHunk, payload['comment']['diff_hunk']);
    const edited = webhookExample('pull_request_review_comment', 'edited');
    edited['comment']['body'] = '/agent x';
    assert.equal(resolveTrigger('pull_request_review_comment', edited, options).kind, 'skip');
  });

  it('resolves a failed workflow run from this repository and skips successful and fork runs', () => {
    const payload = webhookExample('workflow_run', 'completed', 1);
    assert.match(describeSkip(resolveTrigger('workflow_run', payload, options)), /concluded success/);
    payload['workflow_run']['conclusion'] = 'failure';
    const trigger = resolveTrigger('workflow_run', payload, options);
    assert.equal(trigger.kind, 'ci-failure');
    if (trigger.kind !== 'ci-failure') return;
    assert.equal(trigger.headSha, payload['workflow_run']['head_sha']);
    assert.equal(trigger.headBranch, payload['workflow_run']['head_branch']);
    assert.equal(trigger.headCommitMessage, payload['workflow_run']['head_commit']['message']);
    const fork = structuredClone(payload);
    fork['workflow_run']['head_repository']['full_name'] = 'someone/fork';
    assert.match(describeSkip(resolveTrigger('workflow_run', fork, options)), /fork/);
    const requested = webhookExample('workflow_run', 'requested');
    assert.equal(resolveTrigger('workflow_run', requested, options).kind, 'skip');
  });

  it('resolves workflow_dispatch only with a prompt', () => {
    const payload = webhookExample('workflow_dispatch');
    assert.equal(resolveTrigger('workflow_dispatch', payload, options).kind, 'skip');
    const trigger = resolveTrigger('workflow_dispatch', payload, { ...options, prompt: 'Bump the version' });
    assert.deepEqual(trigger.kind === 'dispatch' && [trigger.prompt, trigger.runId], [
      'Bump the version',
      4242,
    ]);
    payload['inputs'] = { prompt: 'From the form' };
    const fromInputs = resolveTrigger('workflow_dispatch', payload, options);
    assert.equal(fromInputs.kind === 'dispatch' && fromInputs.prompt, 'From the form');
  });

  it('skips events it does not act on, and names a malformed payload', () => {
    assert.equal(resolveTrigger('push', {}, options).kind, 'skip');
    assert.throws(
      () => resolveTrigger('issues', { action: 'labeled' }, options),
      /issues event payload is not what GitHub sends/,
    );
  });
});

describe('textAfterPhrase', () => {
  it('needs the phrase at the start followed by whitespace or the end', () => {
    assert.equal(textAfterPhrase('  /agent', '/agent'), '');
    assert.equal(textAfterPhrase('/agent\tdo it ', '/agent'), 'do it');
    assert.equal(textAfterPhrase('/agentic', '/agent'), undefined);
  });
});

function describeSkip(trigger: ReturnType<typeof resolveTrigger>): string {
  assert.equal(trigger.kind, 'skip');
  return trigger.kind === 'skip' ? trigger.reason : '';
}
