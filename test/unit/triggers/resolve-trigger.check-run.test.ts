import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RUN_TRAILER } from '../../../src/git/commit.js';
import { confirmCheckRunHead } from '../../../src/triggers/check-run-head.js';
import { checkGate } from '../../../src/triggers/gate.js';
import { resolveTrigger } from '../../../src/triggers/resolve-trigger.js';
import type { CheckRunTrigger } from '../../../src/triggers/trigger.js';
import { webhookExample } from '../../helpers/webhook-examples.js';

const options = { triggerPhrase: '/agent', label: 'agent', prompt: undefined, runId: 4242, actor: 'octocat' };

/** The real `check_run.completed` example of a third-party app, turned red. */
function failedCheck(conclusion = 'failure') {
  const payload = webhookExample('check_run', 'completed', 1);
  const check = payload['check_run'];
  check['conclusion'] = conclusion;
  check['app'] = { ...check['app'], slug: 'circleci-checks', name: 'CircleCI Checks' };
  check['output'] = { ...check['output'], title: '1 test failed', summary: 'sum', text: 'details' };
  return payload;
}

describe('resolveTrigger: check_run', () => {
  it('turns a failed check of another CI into a check-run trigger with its output', () => {
    const payload = failedCheck();
    const trigger = resolveTrigger('check_run', payload, options);
    assert.equal(trigger.kind, 'check-run');
    if (trigger.kind !== 'check-run') return;
    assert.equal(trigger.checkRunId, payload['check_run']['id']);
    assert.equal(trigger.headBranch, payload['check_run']['check_suite']['head_branch']);
    assert.equal(trigger.appSlug, 'circleci-checks');
    assert.deepEqual(trigger.output, {
      title: '1 test failed',
      summary: 'sum',
      text: 'details',
      annotationsCount: 0,
    });
    assert.equal(trigger.actor.login, payload['sender']['login']);
  });

  it('takes timed_out as red too', () => {
    assert.equal(resolveTrigger('check_run', failedCheck('timed_out'), options).kind, 'check-run');
  });

  it('skips green, neutral and cancelled checks, and other actions', () => {
    for (const conclusion of ['success', 'neutral', 'cancelled', 'action_required', 'skipped']) {
      const trigger = resolveTrigger('check_run', failedCheck(conclusion), options);
      assert.equal(trigger.kind, 'skip', conclusion);
    }
    const created = webhookExample('check_run', 'created');
    assert.match(reason(resolveTrigger('check_run', created, options)), /created, not completed/);
  });

  it('skips checks made by GitHub Actions: the real example of one', () => {
    const payload = webhookExample('check_run', 'completed', 0);
    assert.equal(payload['check_run']['app']['slug'], 'github-actions');
    assert.equal(payload['check_run']['conclusion'], 'failure');
    assert.match(reason(resolveTrigger('check_run', payload, options)), /GitHub Actions.*workflow_run/);
  });

  it('skips a check whose suite names no branch', () => {
    const payload = failedCheck();
    payload['check_run']['check_suite']['head_branch'] = null;
    assert.match(reason(resolveTrigger('check_run', payload, options)), /no head branch/);
  });
});

describe('resolveTrigger: schedule', () => {
  it('runs the prompt like a dispatch, as GITHUB_ACTOR', () => {
    const trigger = resolveTrigger('schedule', { schedule: '0 3 * * *' }, { ...options, prompt: 'Triage' });
    assert.deepEqual(trigger, {
      kind: 'dispatch',
      prompt: 'Triage',
      runId: 4242,
      actor: { login: 'octocat', type: 'User' },
      schedule: '0 3 * * *',
    });
  });

  it('skips without a prompt', () => {
    assert.match(reason(resolveTrigger('schedule', { schedule: '0 3 * * *' }, options)), /prompt input/);
  });
});

/** An Octokit stand-in answering `GET /branches/{branch}`. */
function branches(heads: Record<string, { sha: string; message: string; author?: unknown }>) {
  return {
    request: async (route: string, params: Record<string, string>) => {
      assert.equal(route, 'GET /repos/{owner}/{repo}/branches/{branch}');
      const head = heads[params['branch']!];
      if (!head) throw Object.assign(new Error('Branch not found'), { status: 404 });
      return {
        data: { commit: { sha: head.sha, author: head.author ?? null, commit: { message: head.message } } },
      };
    },
  } as any;
}

function checkTrigger(): CheckRunTrigger {
  const trigger = resolveTrigger('check_run', failedCheck(), options);
  assert.equal(trigger.kind, 'check-run');
  return trigger as CheckRunTrigger;
}

describe('confirmCheckRunHead', () => {
  const repo = { owner: 'Codertocat', repo: 'Hello-World' };

  it('keeps a check on the head of a branch here, with the head message and the commit author as actor', async () => {
    const t = checkTrigger();
    const author = { login: 'alice', type: 'User', id: 7 };
    const confirmed = await confirmCheckRunHead(
      branches({ [t.headBranch]: { sha: t.headSha, message: 'Break it', author } }),
      repo,
      t,
    );
    assert.equal(confirmed.kind, 'check-run');
    if (confirmed.kind !== 'check-run') return;
    assert.equal(confirmed.headCommitMessage, 'Break it');
    assert.deepEqual(confirmed.actor, { login: 'alice', type: 'User', id: 7 });
  });

  it('falls back to the sender when the commit has no GitHub author', async () => {
    const t = checkTrigger();
    const confirmed = await confirmCheckRunHead(
      branches({ [t.headBranch]: { sha: t.headSha, message: 'm' } }),
      repo,
      t,
    );
    assert.equal(confirmed.kind === 'check-run' && confirmed.actor.login, t.actor.login);
  });

  it('skips a fork: no branch of that name here', async () => {
    const t = checkTrigger();
    assert.match(
      reason(await confirmCheckRunHead(branches({}), repo, t)),
      /not a branch of Codertocat\/Hello-World.*fork/,
    );
  });

  it("skips a fork's commit on a branch name that exists here too, and a stale check", async () => {
    const t = checkTrigger();
    const other = await confirmCheckRunHead(
      branches({ [t.headBranch]: { sha: 'f'.repeat(40), message: 'm' } }),
      repo,
      t,
    );
    assert.match(reason(other), /is not the head of changes/);
  });

  it('passes other API failures on', async () => {
    const t = checkTrigger();
    const broken = {
      request: async () => Promise.reject(Object.assign(new Error('boom'), { status: 500 })),
    } as any;
    await assert.rejects(confirmCheckRunHead(broken, repo, t), /boom/);
  });
});

function reason(trigger: { kind: string; reason?: string }): string {
  assert.equal(trigger.kind, 'skip');
  return trigger.reason ?? '';
}

describe('the gate on a confirmed check run', () => {
  const gateRepo = { owner: 'o', repo: 'r' };
  const gateOptions = {
    minPermission: 'write' as const,
    branchPrefix: 'agent/',
    runTrailer: RUN_TRAILER,
  };
  const allowAll = { request: async () => ({ data: { permission: 'admin', role_name: 'admin' } }) } as any;

  it('denies a check on a commit this action pushed (loop guard)', async () => {
    const t = { ...checkTrigger(), headCommitMessage: `Fix it\n\n${RUN_TRAILER}: https://example.com/run/1` };
    const decision = await checkGate(allowAll, gateRepo, t, gateOptions);
    assert.equal(decision.kind, 'denied');
    assert.match(decision.kind === 'denied' ? decision.reason : '', /pushed by this action \(loop guard\)/);
  });

  it('allows a check on a person’s commit', async () => {
    assert.equal(
      (await checkGate(allowAll, gateRepo, { ...checkTrigger(), headCommitMessage: 'Break it' }, gateOptions))
        .kind,
      'allowed',
    );
  });
});
