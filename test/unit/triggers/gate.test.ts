import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RUN_TRAILER } from '../../../src/git/commit.js';
import { checkGate, isBot, permissionAtLeast } from '../../../src/triggers/gate.js';
import type { Trigger } from '../../../src/triggers/trigger.js';

type Active = Exclude<Trigger, { kind: 'skip' }>;

/** A small stand-in for Octokit's `request`, answering the two routes the gate uses. */
function fakeOctokit(roles: Record<string, string>, commits: string[] = []) {
  const calls: string[] = [];
  return {
    calls,
    octokit: {
      request: async (route: string, params: Record<string, unknown>) => {
        calls.push(`${route} ${JSON.stringify(params)}`);
        if (route.includes('/permission')) {
          const role = roles[params['username'] as string];
          if (!role) throw Object.assign(new Error('Not Found'), { status: 404 });
          const permission = role === 'maintain' ? 'write' : role === 'triage' ? 'read' : role;
          return { data: { permission, role_name: role, user: null } };
        }
        if (route === 'GET /repos/{owner}/{repo}/commits') {
          return { data: commits.map((message) => ({ commit: { message } })) };
        }
        throw new Error(`unexpected ${route}`);
      },
    } as any,
  };
}

const repo = { owner: 'o', repo: 'r' };
const options = {
  minPermission: 'write' as const,
  branchPrefix: 'agent/',
  runTrailer: RUN_TRAILER,
};
const issue = (login: string, type = 'User'): Active => ({
  kind: 'issue',
  issueNumber: 1,
  title: 't',
  body: '',
  label: 'agent',
  actor: { login, type },
});
const ciFailure = (headBranch: string, headCommitMessage: string): Active => ({
  kind: 'ci-failure',
  runId: 7,
  runAttempt: 1,
  workflowName: 'CI',
  headSha: 'abcdef1234567',
  headBranch,
  headCommitMessage,
  htmlUrl: 'http://x/run/7',
  actor: { login: 'alice', type: 'User' },
});

describe('checkGate', () => {
  it('allows write and above, denies read/triage and non-collaborators', async () => {
    const { octokit } = fakeOctokit({
      alice: 'write',
      bob: 'admin',
      carol: 'read',
      dave: 'triage',
      erin: 'maintain',
    });
    for (const login of ['alice', 'bob', 'erin'])
      assert.equal((await checkGate(octokit, repo, issue(login), options)).kind, 'allowed', login);
    for (const login of ['carol', 'dave', 'mallory']) {
      const decision = await checkGate(octokit, repo, issue(login), options);
      assert.equal(decision.kind, 'denied', login);
      if (decision.kind === 'denied')
        assert.match(
          decision.reason,
          new RegExp(`@${login} has .* permission on o/r; "write" or more is needed`),
        );
    }
  });

  it('uses the role name, so triage passes a triage minimum', async () => {
    const { octokit } = fakeOctokit({ dave: 'triage' });
    assert.equal(
      (await checkGate(octokit, repo, issue('dave'), { ...options, minPermission: 'triage' })).kind,
      'allowed',
    );
  });

  it('denies bots before asking for permissions, unless allowed by name', async () => {
    const { octokit, calls } = fakeOctokit({ 'renovate[bot]': 'write', 'github-actions[bot]': 'admin' });
    const denied = await checkGate(octokit, repo, issue('github-actions[bot]', 'Bot'), options);
    assert.equal(denied.kind, 'denied');
    assert.equal(calls.length, 0);
    assert.equal((await checkGate(octokit, repo, issue('sneaky[bot]'), options)).kind, 'denied');
    const allowed = await checkGate(octokit, repo, issue('renovate[bot]', 'Bot'), {
      ...options,
      allowedBots: ['renovate[bot]'],
    });
    assert.equal(allowed.kind, 'allowed');
  });

  it('denies a CI failure on a commit this action pushed (loop guard)', async () => {
    const { octokit } = fakeOctokit({ alice: 'admin' });
    const decision = await checkGate(
      octokit,
      repo,
      ciFailure('main', `Fix it\n\n${RUN_TRAILER}: http://x/runs/1\n`),
      options,
    );
    assert.equal(decision.kind, 'denied');
    if (decision.kind === 'denied') assert.match(decision.reason, /pushed by this action \(loop guard\)/);
  });

  it('counts the action commits on its own branches and stops after the attempt limit', async () => {
    const ours = `Fix\n\n${RUN_TRAILER}: http://x/runs/1`;
    const few = fakeOctokit({ alice: 'write' }, ['human fix', ours]);
    assert.equal(
      (await checkGate(few.octokit, repo, ciFailure('agent/issue-3', 'human fix'), options)).kind,
      'allowed',
    );
    const many = fakeOctokit({ alice: 'write' }, ['human fix', ours, ours, ours]);
    const decision = await checkGate(many.octokit, repo, ciFailure('agent/issue-3', 'human fix'), options);
    assert.equal(decision.kind, 'denied');
    if (decision.kind === 'denied') assert.match(decision.reason, /already has 3 commits by this action/);
    // Branches without the prefix are not counted at all.
    const other = fakeOctokit({ alice: 'write' }, [ours, ours, ours]);
    assert.equal(
      (await checkGate(other.octokit, repo, ciFailure('feature', 'human fix'), options)).kind,
      'allowed',
    );
    assert.ok(!other.calls.some((c) => c.includes('/commits')));
  });
});

describe('gate helpers', () => {
  it('orders permissions and recognises bots', () => {
    assert.ok(permissionAtLeast('admin', 'write'));
    assert.ok(!permissionAtLeast('triage', 'write'));
    assert.ok(isBot({ login: 'x[bot]', type: 'User' }));
    assert.ok(isBot({ login: 'x', type: 'Bot' }));
    assert.ok(!isBot({ login: 'x', type: 'User' }));
  });
});
