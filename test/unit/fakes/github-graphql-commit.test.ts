import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useFakeGitHub } from '../../helpers/fake-github.js';

const { server, octokit, repo } = await useFakeGitHub({ files: { 'a.txt': 'one\n' } });

const MUTATION = `mutation($input: CreateCommitOnBranchInput!) {
  createCommitOnBranch(input: $input) { commit { oid url } }
}`;

const input = (expectedHeadOid: string, extra: Record<string, unknown> = {}) => ({
  branch: { repositoryNameWithOwner: 'Codertocat/Hello-World', branchName: 'main' },
  expectedHeadOid,
  message: { headline: 'Add b', body: 'Body\n\nCo-authored-by: a <1+a@users.noreply.github.com>' },
  fileChanges: { additions: [{ path: 'b.bin', contents: Buffer.from([0, 255, 10]).toString('base64') }] },
  ...extra,
});

describe('the fake createCommitOnBranch', () => {
  it('commits on the branch head as GitHub does: committer GitHub, author the token user, verified', async () => {
    const head = (await server.git.resolve('main'))!;
    const data = await octokit.graphql<{ createCommitOnBranch: { commit: { oid: string; url: string } } }>(
      MUTATION,
      { input: input(head) },
    );
    const { oid, url } = data.createCommitOnBranch.commit;
    const [top] = await server.git.log('main', 1);
    assert.equal(top?.sha, oid);
    assert.deepEqual(top?.parents, [head]);
    assert.equal(top?.committer.email, 'noreply@github.com');
    assert.equal(top?.author.name, 'github-actions[bot]');
    assert.equal(top?.message, 'Add b\n\nBody\n\nCo-authored-by: a <1+a@users.noreply.github.com>');
    assert.equal(await server.git.git(['cat-file', '-s', `${oid}:b.bin`]), '3', 'binary content kept');
    assert.match(url, new RegExp(`/commit/${oid}$`));
    const { data: rest } = await octokit.request('GET /repos/{owner}/{repo}/commits/{ref}', {
      ...repo,
      ref: oid,
    });
    assert.equal(rest.commit.verification?.verified, true);
    server.assertNoViolations();
  });

  it('answers STALE_DATA when expectedHeadOid is not the head, and commits nothing', async () => {
    const head = await server.git.resolve('main');
    await assert.rejects(
      octokit.graphql(MUTATION, { input: input('0'.repeat(40)) }),
      (e: { errors?: { type: string; message: string }[] }) =>
        e.errors?.[0]?.type === 'STALE_DATA' && /Expected branch to point to/.test(e.errors[0].message),
    );
    assert.equal(await server.git.resolve('main'), head);
    server.assertNoViolations();
  });

  it('records an input that breaks GitHub’s schema as a violation', async () => {
    const head = (await server.git.resolve('main'))!;
    await assert.rejects(octokit.graphql(MUTATION, { input: { ...input(head), message: { subject: 'x' } } }));
    assert.match(server.violations.at(-1)?.errors.join('\n') ?? '', /headline.*was not provided/);
    server.violations.length = 0;
  });

  it('creates a ref once; a second create is refused as GitHub does', async () => {
    const sha = (await server.git.resolve('main'))!;
    await octokit.request('POST /repos/{owner}/{repo}/git/refs', { ...repo, ref: 'refs/heads/new', sha });
    assert.equal(await server.git.resolve('new'), sha);
    await assert.rejects(
      octokit.request('POST /repos/{owner}/{repo}/git/refs', { ...repo, ref: 'refs/heads/new', sha }),
      (e: { status: number; message: string }) =>
        e.status === 422 && /Reference already exists/.test(e.message),
    );
    server.assertNoViolations();
  });
});
