import assert from 'node:assert/strict';
import { symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { checkoutRef } from '../../../src/git/checkout.js';
import { type CommitAndPushOptions, coAuthorFor, commitAndPush } from '../../../src/git/commit-and-push.js';
import type { GitHubClient } from '../../../src/github/client.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';
import { gitWorkspace } from '../../helpers/git-workspace.js';

const { server, octokit, repo } = await useFakeGitHub({ files: { 'a.txt': 'one\n', 'b.txt': 'two\n' } });

const ALICE = { login: 'alice', type: 'User', id: 42 };

/** A checkout of `from` as branch `branch`, with `change` written into it, and the options to publish it. */
async function workOn(branch: string, from: string, change: Record<string, string>) {
  const { dir, git } = await gitWorkspace('commit-and-push-', server);
  const checkout = await checkoutRef(git, { remoteUrl: server.cloneUrl, branch, from: [{ branch: from }] });
  for (const [file, text] of Object.entries(change)) await writeFile(path.join(dir, file), text);
  const logs: string[] = [];
  const options: CommitAndPushOptions = {
    remoteUrl: server.cloneUrl,
    signing: 'auto',
    message: 'Change the files\n\nBecause.',
    runUrl: 'http://runs/1',
    coAuthor: ALICE,
    startSha: checkout.headSha,
    branch,
    expectedSha: checkout.remoteSha,
    rebase: false,
    secrets: [server.token],
    log: (m) => logs.push(m),
  };
  return { dir, git, options, logs };
}

/** The same client, but `before` runs ahead of each GraphQL request: a push racing the run's. */
function racingGraphql(before: () => Promise<void>): Pick<GitHubClient, 'request' | 'graphql'> {
  const graphql = (async (query: string, parameters: Record<string, unknown>) => {
    await before();
    return octokit.graphql(query, parameters);
  }) as GitHubClient['graphql'];
  return { request: octokit.request, graphql };
}

describe('commitAndPush', () => {
  it('creates the branch and a commit GitHub signs, and makes that commit HEAD', async () => {
    const { git, options } = await workOn('api-new', 'main', { 'a.txt': 'ONE\n' });
    const result = await commitAndPush(octokit, repo, git, options);
    assert.equal(result.kind, 'pushed');
    assert.ok(result.kind === 'pushed' && result.via === 'api');
    const [top] = await server.git.log('api-new', 1);
    assert.equal(top?.sha, result.sha);
    assert.equal(top?.committer.name, 'GitHub');
    assert.ok(server.state.verifiedCommits.has(top!.sha));
    assert.equal(
      top?.message,
      'Change the files\n\nBecause.\n\nAgent-Action-Run: http://runs/1\nCo-authored-by: alice <42+alice@users.noreply.github.com>',
    );
    assert.equal((await git.exec(['rev-parse', 'HEAD'])).stdout.trim(), top!.sha, "HEAD is GitHub's commit");
    assert.equal((await git.exec(['status', '--porcelain'])).stdout, '', 'nothing left uncommitted');
  });

  it('gives up on a branch that moved when it may not rebase, keeping the change as a patch', async () => {
    const { git, options } = await workOn('api-moved', 'main', { 'a.txt': 'ONE\n' });
    await server.git.commit(
      'api-moved',
      { 'c.txt': 'someone\n' },
      'Someone else',
      (await server.git.resolve('main'))!,
    );
    const result = await commitAndPush(octokit, repo, git, options);
    assert.equal(result.kind, 'rejected');
    assert.ok(result.kind === 'rejected' && result.reason === 'moved');
    assert.match(result.kind === 'rejected' ? (result.patch ?? '') : '', /^-one\n\+ONE$/m);
    assert.equal(await server.git.readFile('api-moved', 'a.txt'), 'one\n');
  });

  it('re-reads, rebases once and retries when the branch moves under the API commit', async () => {
    const main = (await server.git.resolve('main'))!;
    await server.git.commit('pr-head', { 'b.txt': 'two\n' }, 'PR work', main);
    const { git, options } = await workOn('pr-head', 'pr-head', { 'a.txt': 'ONE\n' });
    let colleague = '';
    const race = racingGraphql(async () => {
      if (!colleague) colleague = await server.git.commit('pr-head', { 'c.txt': 'colleague\n' }, 'Colleague');
    });
    const result = await commitAndPush(race, repo, git, { ...options, rebase: true });
    assert.equal(result.kind, 'pushed', JSON.stringify(result));
    assert.ok(result.kind === 'pushed' && result.rebasedOnto === colleague);
    const [top] = await server.git.log('pr-head', 1);
    assert.deepEqual(top?.parents, [colleague]);
    assert.equal(await server.git.readFile('pr-head', 'c.txt'), 'colleague\n');
    assert.equal(await server.git.readFile('pr-head', 'a.txt'), 'ONE\n');
    assert.ok(server.state.verifiedCommits.has(top!.sha));
  });

  it('falls back to git for a symlink under auto, and refuses it under api', async () => {
    const { dir, git, options, logs } = await workOn('link-auto', 'main', {});
    await symlink('a.txt', path.join(dir, 'link'));
    const result = await commitAndPush(octokit, repo, git, options);
    assert.ok(result.kind === 'pushed' && result.via === 'git');
    assert.equal(result.kind === 'pushed' && result.fallback, '`link` is a symbolic link');
    assert.match(
      logs.join('\n'),
      /Committing with git instead of GitHub's API \(the commit is not signed\): `link` is a symbolic link/,
    );
    assert.match(await server.git.git(['ls-tree', 'link-auto', 'link']), /^120000 /);

    const api = await workOn('link-api', 'main', {});
    await symlink('a.txt', path.join(api.dir, 'link'));
    const refused = await commitAndPush(octokit, repo, api.git, { ...api.options, signing: 'api' });
    assert.ok(refused.kind === 'rejected' && refused.reason === 'refused');
    assert.match(
      refused.kind === 'rejected' ? refused.message : '',
      /cannot commit this change \(`link` is a symbolic link\), and `commit-signing` is `api`/,
    );
    assert.equal(await server.git.resolve('link-api'), undefined);
  });

  it('falls back to git for a change past the size limits', async () => {
    const { git, options, logs } = await workOn('too-big', 'main', { 'a.txt': 'x'.repeat(2000) });
    const result = await commitAndPush(octokit, repo, git, {
      ...options,
      limits: { fileBytes: 1000, totalBytes: 5000 },
    });
    assert.ok(result.kind === 'pushed' && result.via === 'git');
    assert.match(logs.join('\n'), /`a\.txt` is larger than 1000 bytes/);
  });

  it('pushes with git under commit-signing: git', async () => {
    const { git, options } = await workOn('plain-git', 'main', { 'b.txt': 'TWO\n' });
    const result = await commitAndPush(octokit, repo, git, {
      ...options,
      signing: 'git',
      coAuthor: undefined,
    });
    assert.ok(result.kind === 'pushed' && result.via === 'git' && !result.fallback);
    const [top] = await server.git.log('plain-git', 1);
    assert.equal(top?.committer.name, 'github-actions[bot]');
    assert.doesNotMatch(top?.message ?? '', /Co-authored-by/);
    assert.match(top?.message ?? '', /Agent-Action-Run: http:\/\/runs\/1/);
  });

  it('refuses a change that carries the token before anything leaves', async () => {
    const { git, options } = await workOn('secret', 'main', { 'a.txt': `token ${server.token}\n` });
    await assert.rejects(commitAndPush(octokit, repo, git, options), /contain a secret value/);
    assert.equal(await server.git.resolve('secret'), undefined);
  });

  it('credits the requester, never a bot, and nobody under co-author: none', () => {
    assert.deepEqual(coAuthorFor(ALICE, 'requester'), ALICE);
    assert.equal(coAuthorFor(ALICE, 'none'), undefined);
    assert.equal(coAuthorFor({ login: 'dependabot[bot]', type: 'Bot' }, 'requester'), undefined);
    assert.equal(coAuthorFor({ login: 'renovate[bot]', type: 'User' }, 'requester'), undefined);
  });
});
