import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { seedBareRepo } from '../../fakes/bare-repo.js';
import { hasGitCredentials } from '../../fakes/git-http.js';
import { type GitHubServer, startGitHubServer } from '../../fakes/github-server.js';

describe('fake GitHub server: git over smart HTTP', () => {
  let server: GitHubServer;
  let home: string;

  before(async () => {
    server = await startGitHubServer({ files: { 'README.md': '# Hello\n', 'src/index.ts': 'export {};\n' } });
    home = await mkdtemp(path.join(tmpdir(), 'git-home-'));
  });
  after(() => server.close());

  /** Runs git as a runner would, with no user or system config and no prompts (async: the server is in-process). */
  function git(args: string[], cwd = home): Promise<{ exitCode: number; stdout: string; stderr: string }> {
    const env = {
      PATH: process.env['PATH'] ?? '',
      HOME: home,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_TERMINAL_PROMPT: '0',
    };
    const identity = ['-c', 'user.name=Agent', '-c', 'user.email=agent@example.com'];
    return new Promise((resolve) => {
      execFile('git', [...identity, ...args], { cwd, env }, (error, stdout, stderr) => {
        resolve({ exitCode: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      });
    });
  }

  it('clones and pushes with the token in http.extraheader, as actions/checkout sends it', async () => {
    const dir = path.join(home, 'clone');
    const auth = ['-c', `http.extraheader=${server.gitAuthHeader()}`];
    const clone = await git([...auth, 'clone', '--depth=1', server.cloneUrl, dir]);
    assert.equal(clone.exitCode, 0, clone.stderr);
    assert.equal(await readFile(path.join(dir, 'README.md'), 'utf8'), '# Hello\n');
    assert.doesNotMatch(await readFile(path.join(dir, '.git/config'), 'utf8'), /extraheader|ghs_/);

    await writeFile(path.join(dir, 'src/index.ts'), 'export const fixed = true;\n');
    assert.equal((await git(['checkout', '-b', 'agent/issue-1'], dir)).exitCode, 0);
    assert.equal(
      (await git(['commit', '-am', 'Fix the thing\n\nCo-authored-by: octocat <o@example.com>'], dir))
        .exitCode,
      0,
    );
    const push = await git([...auth, 'push', 'origin', 'HEAD:refs/heads/agent/issue-1'], dir);
    assert.equal(push.exitCode, 0, push.stderr);

    assert.deepEqual(await server.git.branches(), ['agent/issue-1', 'main']);
    assert.equal(await server.git.readFile('agent/issue-1', 'src/index.ts'), 'export const fixed = true;\n');
    const [head, parent] = await server.git.log('agent/issue-1');
    assert.equal(head?.subject, 'Fix the thing');
    assert.match(head?.message ?? '', /Co-authored-by: octocat/);
    assert.equal(head?.author.name, 'Agent');
    assert.equal(parent?.sha, await server.git.resolve('main'));
  });

  it('refuses clone and push without the token or with a wrong one', async () => {
    const anonymous = await git(['clone', server.cloneUrl, path.join(home, 'anonymous')]);
    assert.notEqual(anonymous.exitCode, 0);
    assert.match(anonymous.stderr, /401|Authentication failed|could not read Username/);
    const wrongHeader = `http.extraheader=${server.gitAuthHeader('ghs_wrong')}`;
    const wrong = await git(['-c', wrongHeader, 'clone', server.cloneUrl, path.join(home, 'wrong')]);
    assert.notEqual(wrong.exitCode, 0);
    const pushDir = path.join(home, 'clone');
    const push = await git(['push', 'origin', 'HEAD:refs/heads/sneaky'], pushDir);
    assert.notEqual(push.exitCode, 0);
    assert.ok(!(await server.git.branches()).includes('sneaky'));
  });

  it('fetches a pull request head ref that a test planted', async () => {
    const sha = await server.git.commit(
      'refs/pull/5/head',
      { 'fork.txt': 'from a fork\n' },
      'Fork change',
      'main',
    );
    const dir = path.join(home, 'clone');
    const fetch = await git(
      ['-c', `http.extraheader=${server.gitAuthHeader()}`, 'fetch', 'origin', 'refs/pull/5/head'],
      dir,
    );
    assert.equal(fetch.exitCode, 0, fetch.stderr);
    assert.equal((await git(['rev-parse', 'FETCH_HEAD'], dir)).stdout.trim(), sha);
  });

  it('checks basic credentials the way the server does', () => {
    const basic = (user: string, token: string) =>
      `Basic ${Buffer.from(`${user}:${token}`).toString('base64')}`;
    assert.equal(hasGitCredentials(basic('x-access-token', 't0k'), ['t0k']), true);
    assert.equal(hasGitCredentials(basic('x-access-token', 'nope'), ['t0k']), false);
    assert.equal(hasGitCredentials('token t0k', ['t0k']), false);
    assert.equal(hasGitCredentials(undefined, ['t0k']), false);
  });
});

describe('seedBareRepo', () => {
  it('seeds from a directory and reads files, branches and history back', async () => {
    const source = await mkdtemp(path.join(tmpdir(), 'seed-src-'));
    await writeFile(path.join(source, 'package.json'), '{"name":"demo"}\n');
    const repo = await seedBareRepo({
      owner: 'o',
      repo: 'r',
      defaultBranch: 'trunk',
      fromDir: source,
      files: { 'extra.md': 'x\n' },
    });
    assert.deepEqual(await repo.branches(), ['trunk']);
    assert.deepEqual(await repo.listFiles('trunk'), ['extra.md', 'package.json']);
    const next = await repo.commit('trunk', { 'extra.md': null, 'src/new.ts': 'new\n' }, 'Second');
    assert.deepEqual(await repo.listFiles('trunk'), ['package.json', 'src/new.ts']);
    const log = await repo.log('trunk');
    assert.deepEqual(
      log.map((c) => c.subject),
      ['Second', 'Initial commit'],
    );
    assert.equal(log[0]?.sha, next);
    assert.equal(await repo.readFile('trunk', 'extra.md'), undefined);
    assert.equal(await repo.resolve('no-such-branch'), undefined);
  });
});
