import assert from 'node:assert/strict';
import { chmod, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { checkoutRef } from '../../../src/git/checkout.js';
import { commitAll, RUN_TRAILER } from '../../../src/git/commit.js';
import { createGitCommandManager } from '../../../src/git/git-command-manager.js';
import { removePersistedCredentials } from '../../../src/git/persisted-credentials.js';
import { pushBranch } from '../../../src/git/push.js';
import { type BareRepo, seedBareRepo } from '../../fakes/bare-repo.js';
import { serveGit } from '../../fakes/git-http.js';
import { gitWorkspace } from '../../helpers/git-workspace.js';

const TOKEN = 'ghs_gitFlowTestToken0000000000000000000000';
let server: Server;
let bare: BareRepo;
let serverUrl: string;
let remoteUrl: string;

before(async () => {
  bare = await seedBareRepo({ owner: 'o', repo: 'r', files: { 'README.md': '# r\n', 'src/a.txt': 'a\n' } });
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    await serveGit(req, res, Buffer.concat(chunks), { projectRoot: bare.root, tokens: [TOKEN] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  remoteUrl = `${serverUrl}/o/r.git`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const workspace = () => gitWorkspace('git-flow-', { token: TOKEN, serverUrl });

describe('checkout, commit and push through one command manager', () => {
  it('clones shallowly with the token per command and never writes it to .git/config', async () => {
    const { dir, git } = await workspace();
    const result = await checkoutRef(git, {
      remoteUrl,
      branch: 'agent/issue-1',
      from: [{ branch: 'agent/issue-1' }, { branch: 'main' }],
    });
    assert.equal(result.startedFrom, 'main');
    assert.equal(result.remoteSha, null);
    assert.equal(result.headSha, await bare.resolve('main'));
    assert.equal(await readFile(path.join(dir, 'src/a.txt'), 'utf8'), 'a\n');
    assert.equal((await git.exec(['rev-parse', '--is-shallow-repository'])).stdout.trim(), 'true');
    const config = await readFile(path.join(dir, '.git/config'), 'utf8');
    assert.doesNotMatch(config, /extraheader|x-access-token|ghs_/i);
    assert.doesNotMatch(config, new RegExp(Buffer.from(`x-access-token:${TOKEN}`).toString('base64')));
  });

  it('fails to fetch with a wrong token, so the header really is what authenticates', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'git-flow-'));
    const git = createGitCommandManager({
      cwd: dir,
      token: 'ghs_wrong',
      serverUrl,
      env: { PATH: process.env['PATH'], HOME: dir },
    });
    await assert.rejects(
      checkoutRef(git, { remoteUrl, branch: 'x', from: [{ branch: 'main' }] }),
      /git ls-remote failed/,
    );
  });

  it('commits all but workflow changes, with trailers and hooks disabled, then pushes with a lease', async () => {
    const { dir, git } = await workspace();
    const { headSha } = await checkoutRef(git, {
      remoteUrl,
      branch: 'agent/issue-2',
      from: [{ branch: 'main' }],
    });
    await writeFile(path.join(dir, 'src/a.txt'), 'fixed\n');
    await writeFile(path.join(dir, 'new.txt'), 'new\n');
    await mkdir(path.join(dir, '.github/workflows'), { recursive: true });
    await writeFile(path.join(dir, '.github/workflows/ci.yml'), 'on: push\n');
    // A hook that would fail the commit if hooks ran.
    await writeFile(path.join(dir, '.git/hooks/pre-commit'), '#!/bin/sh\nexit 1\n');
    await chmod(path.join(dir, '.git/hooks/pre-commit'), 0o755);

    const commit = await commitAll(git, {
      message: 'Fix the a file\n\nBecause it was wrong.',
      author: { name: 'Agent', email: 'agent@example.com' },
      coAuthor: { login: 'alice', id: 42 },
      runUrl: 'http://x/runs/9',
      startSha: headSha,
    });
    assert.ok(commit.sha);
    assert.deepEqual(commit.files.sort(), ['new.txt', 'src/a.txt']);
    assert.deepEqual(commit.refused, ['.github/workflows/ci.yml']);

    const pushed = await pushBranch(git, { remoteUrl, branch: 'agent/issue-2', expectedSha: null });
    assert.deepEqual(pushed, { kind: 'pushed' });
    const [log] = await bare.log('agent/issue-2', 1);
    assert.equal(log?.subject, 'Fix the a file');
    assert.match(log?.message ?? '', new RegExp(`${RUN_TRAILER}: http://x/runs/9`));
    assert.match(log?.message ?? '', /Co-authored-by: alice <42\+alice@users\.noreply\.github\.com>/);
    assert.equal(log?.author.name, 'Agent');
    assert.deepEqual(await bare.listFiles('agent/issue-2'), ['README.md', 'new.txt', 'src/a.txt']);

    // A second push whose lease expects the branch to be absent is rejected, not forced.
    await writeFile(path.join(dir, 'new.txt'), 'newer\n');
    await commitAll(git, {
      message: 'More',
      author: { name: 'A', email: 'a@x' },
      runUrl: 'u',
      startSha: commit.sha!,
    });
    const stale = await pushBranch(git, { remoteUrl, branch: 'agent/issue-2', expectedSha: null });
    assert.equal(stale.kind, 'stale');
    assert.deepEqual(await pushBranch(git, { remoteUrl, branch: 'agent/issue-2', expectedSha: commit.sha }), {
      kind: 'pushed',
    });
  });

  it('continues an existing agent branch and reports its remote head for the lease', async () => {
    const { git } = await workspace();
    const sha = await bare.commit(
      'agent/issue-3',
      { 'x.txt': 'x\n' },
      'earlier run',
      await bare.resolve('main'),
    );
    const result = await checkoutRef(git, {
      remoteUrl,
      branch: 'agent/issue-3',
      from: [{ branch: 'agent/issue-3' }, { branch: 'main' }],
    });
    assert.equal(result.startedFrom, 'agent/issue-3');
    assert.equal(result.remoteSha, sha);
    assert.equal(result.headSha, sha);
  });

  it('checks out an exact commit (a failing CI head)', async () => {
    const { git } = await workspace();
    const main = await bare.resolve('main');
    const failing = await bare.commit('feature', { 'bug.txt': 'bug\n' }, 'introduce bug', main);
    await bare.commit('feature', { 'later.txt': 'later\n' }, 'later commit', failing);
    const result = await checkoutRef(git, {
      remoteUrl,
      branch: 'agent/ci-1',
      from: [{ branch: 'agent/ci-1' }, { sha: failing, via: 'refs/heads/feature' }],
    });
    assert.equal(result.headSha, failing);
    assert.equal(result.startedFrom, failing);
  });

  it('takes persisted credentials out of the config for the run and puts them back', async () => {
    const { dir, git } = await workspace();
    await checkoutRef(git, { remoteUrl, branch: 'main', from: [{ branch: 'main' }] });
    await git.exec(['config', '--local', `http.${serverUrl}/.extraheader`, 'AUTHORIZATION: basic c2VjcmV0']);
    const included = path.join(dir, '..', `${path.basename(dir)}-cred.cfg`);
    await writeFile(included, '[credential]\n\thelper = store\n');
    await git.exec(['config', '--local', `includeIf.gitdir:${dir}/.git.path`, included]);

    const restore = await removePersistedCredentials(git);
    assert.doesNotMatch(await readFile(path.join(dir, '.git/config'), 'utf8'), /extraheader/);
    assert.doesNotMatch(await readFile(included, 'utf8'), /helper/);
    // Our own per-command header still authenticates.
    assert.equal((await git.exec(['ls-remote', remoteUrl, 'refs/heads/main'])).exitCode, 0);
    await restore();
    assert.match(
      await readFile(path.join(dir, '.git/config'), 'utf8'),
      /extraheader = AUTHORIZATION: basic c2VjcmV0/,
    );
    assert.match(await readFile(included, 'utf8'), /helper = store/);
  });
});
