import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planWork } from '../../../src/run/plan-work.js';
import type { CheckRunTrigger } from '../../../src/triggers/trigger.js';

const repo = { owner: 'o', repo: 'r' };
const options = {
  mode: 'auto' as const,
  branchPrefix: 'bot/',
  baseBranch: 'main',
};
const sha = 'a'.repeat(40);
const check: CheckRunTrigger = {
  kind: 'check-run',
  checkRunId: 77,
  name: 'ci/circleci: test',
  conclusion: 'failure',
  appSlug: 'circleci-checks',
  headSha: sha,
  headBranch: 'release',
  headCommitMessage: 'Break it',
  htmlUrl: 'https://github.example/o/r/runs/77',
  detailsUrl: 'https://circleci.example/77',
  output: { title: 't', summary: 's', text: '', annotationsCount: 0 },
  actor: { login: 'alice', type: 'User' },
};

describe('planWork for a failed check run', () => {
  it('works on <prefix>check-<id> from the failing commit and opens a PR into the failing branch', async () => {
    const plan = await planWork({} as any, repo, check, options);
    assert.equal(plan.branch, 'bot/check-77');
    assert.deepEqual(plan.from, [{ branch: 'bot/check-77' }, { sha, via: 'refs/heads/release' }]);
    assert.deepEqual(plan.publish, { kind: 'pull-request', branch: 'bot/check-77', base: 'release' });
    assert.equal(plan.conversation, undefined);
    assert.match(
      plan.prNotes?.[0] ?? '',
      /"ci\/circleci: test" \(circleci-checks\) https:\/\/circleci\.example\/77 on `release` at aaaaaaa/,
    );
  });

  it('answers only in comment mode', async () => {
    const plan = await planWork({} as any, repo, check, { ...options, mode: 'comment' });
    assert.deepEqual(plan.publish, { kind: 'comment' });
  });
});

describe('planWork for a schedule', () => {
  it('is a dispatch: <prefix>run-<run_id> from the base branch', async () => {
    const plan = await planWork(
      {} as any,
      repo,
      { kind: 'dispatch', prompt: 'p', runId: 9, actor: check.actor, schedule: '0 3 * * *' },
      options,
    );
    assert.deepEqual(plan.publish, { kind: 'pull-request', branch: 'bot/run-9', base: 'main' });
  });
});
