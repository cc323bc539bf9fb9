import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planWork } from '../../../src/run/plan-work.js';
import type { Trigger } from '../../../src/triggers/trigger.js';

const repo = { owner: 'o', repo: 'r' };
const options = { mode: 'auto' as const, branchPrefix: 'agent/', baseBranch: 'main' };
const actor = { login: 'alice', type: 'User' };

/** Answers `GET /pulls/{n}` with a PR whose head lives in `headRepo`. */
function octokitWithPull(headRepo: string) {
  return {
    request: async (route: string) => {
      assert.equal(route, 'GET /repos/{owner}/{repo}/pulls/{pull_number}');
      return {
        data: {
          head: { ref: 'feature', sha: 'f'.repeat(40), repo: { full_name: headRepo } },
          base: { ref: 'main' },
        },
      };
    },
  } as any;
}

const prComment: Exclude<Trigger, { kind: 'skip' }> = {
  kind: 'pr-comment',
  prNumber: 5,
  title: 't',
  body: '',
  commentId: 9,
  instruction: 'x',
  actor,
};

describe('planWork', () => {
  it('works on agent/issue-n, continuing an earlier run, and opens a PR into the base that fixes the issue', async () => {
    const plan = await planWork(
      {} as any,
      repo,
      { kind: 'issue', issueNumber: 3, title: 't', body: '', label: 'agent', actor },
      options,
    );
    assert.deepEqual(plan.from, [{ branch: 'agent/issue-3' }, { branch: 'main' }]);
    assert.deepEqual(plan.publish, { kind: 'pull-request', branch: 'agent/issue-3', base: 'main' });
    assert.equal(plan.fixesIssue, 3);
    assert.deepEqual(plan.reaction, { kind: 'issue', number: 3 });
  });

  it('pushes to a same-repository PR branch, and answers a fork PR with a comment', async () => {
    const same = await planWork(octokitWithPull('o/r'), repo, prComment, options);
    assert.deepEqual(same.publish, { kind: 'push', branch: 'feature' });
    assert.equal(same.leaseBranch, 'feature');
    const fork = await planWork(octokitWithPull('someone/r'), repo, prComment, options);
    assert.deepEqual(fork.publish, { kind: 'comment' });
    assert.deepEqual(fork.from, [{ sha: 'f'.repeat(40), via: 'refs/pull/5/head' }]);
  });

  it('never pushes in comment mode, and targets the failing branch for CI failures', async () => {
    const comment = await planWork(octokitWithPull('o/r'), repo, prComment, { ...options, mode: 'comment' });
    assert.deepEqual(comment.publish, { kind: 'comment' });
    const ci = await planWork(
      {} as any,
      repo,
      {
        kind: 'ci-failure',
        runId: 77,
        runAttempt: 1,
        workflowName: 'CI',
        headSha: 'a'.repeat(40),
        headBranch: 'release',
        headCommitMessage: '',
        htmlUrl: '',
        actor,
      },
      options,
    );
    assert.deepEqual(ci.publish, { kind: 'pull-request', branch: 'agent/ci-77', base: 'release' });
    assert.deepEqual(ci.from[1], { sha: 'a'.repeat(40), via: 'refs/heads/release' });
    assert.equal(ci.conversation, undefined);
  });
});
