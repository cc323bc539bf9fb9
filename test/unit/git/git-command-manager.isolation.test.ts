/**
 * Where the action's git looks, and what it reads: exactly `<cwd>/.git`, never a folder above it
 * or a repository the runner's environment names, no runner-wide config beyond the carried
 * network settings, and the token only on the commands that talk to the server.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createGitCommandManager, subcommandOf } from '../../../src/git/git-command-manager.js';
import { type BareRepo, seedBareRepo } from '../../fakes/bare-repo.js';
import { serveGit } from '../../fakes/git-http.js';

const TOKEN = 'ghs_isolationTestToken000000000000000000000';
const root = mkdtempSync(path.join(tmpdir(), 'git-isolation-'));
let server: Server;
let bare: BareRepo;
let serverUrl = '';
const requests: string[] = [];

before(async () => {
  bare = await seedBareRepo({ owner: 'o', repo: 'r', files: { 'README.md': '# r\n' } });
  server = createServer(async (req, res) => {
    requests.push(`${req.url} auth=${req.headers.authorization ? 'yes' : 'no'}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    await serveGit(req, res, Buffer.concat(chunks), { projectRoot: bare.root, tokens: [TOKEN] });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  rmSync(root, { recursive: true, force: true });
});

function repo(name: string): string {
  const dir = path.join(root, name);
  execFileSync('git', ['init', '-q', dir]);
  writeFileSync(path.join(dir, 'a.txt'), 'a\n');
  execFileSync('git', ['-C', dir, 'add', '.']);
  execFileSync('git', ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'a']);
  return dir;
}

describe('the action git command manager', () => {
  it('names the subcommand past global options', () => {
    assert.equal(subcommandOf(['fetch', '--depth=1']), 'fetch');
    assert.equal(subcommandOf(['-c', 'user.name=x', '-c', 'user.email=y', 'rebase']), 'rebase');
    assert.equal(subcommandOf(['-C', 'push', 'status']), 'status');
    assert.equal(subcommandOf(['--no-pager', 'ls-remote']), 'ls-remote');
    assert.equal(subcommandOf([]), undefined);
  });

  it("ignores a repository, index or diff program the runner's environment names", async () => {
    const dir = repo('env');
    const other = repo('other');
    const marker = path.join(root, 'external-diff-ran');
    writeFileSync(path.join(dir, 'a.txt'), 'changed\n');
    const git = createGitCommandManager({
      cwd: dir,
      token: '',
      serverUrl: 'http://git.invalid',
      env: {
        PATH: process.env['PATH'],
        HOME: root,
        GIT_DIR: path.join(other, '.git'),
        GIT_INDEX_FILE: path.join(root, 'index-elsewhere'),
        GIT_EXTERNAL_DIFF: `touch ${marker}`,
      },
    });
    const result = await git.exec(['diff', '--name-only']);
    assert.equal(result.stdout, 'a.txt\n');
    assert.equal(existsSync(marker), false);
  });

  it('never takes a repository from a folder above cwd, unless asked to discover (the local runner)', async () => {
    const dir = repo('above');
    const sub = path.join(dir, 'sub');
    mkdirSync(sub);
    const manager = (discover: boolean) =>
      createGitCommandManager({
        cwd: sub,
        token: '',
        serverUrl: 'http://git.invalid',
        env: { PATH: process.env['PATH'], HOME: root },
        discover,
      });
    const exact = await manager(false).exec(['rev-parse', '--show-toplevel'], { allowAllExitCodes: true });
    assert.notEqual(exact.exitCode, 0);
    const found = await manager(true).exec(['rev-parse', '--show-toplevel']);
    assert.equal(found.stdout.trim(), dir);
  });

  it("keeps the runner's URL rewrite, and sends the token only with fetch, push and ls-remote", async () => {
    const home = path.join(root, 'home');
    mkdirSync(home);
    // The runner reaches the server through a rewrite; an alias there would not be kept.
    writeFileSync(
      path.join(home, '.gitconfig'),
      `[url "${serverUrl}/"]\n\tinsteadOf = https://mirror.invalid/\n[alias]\n\tls-remote = !touch ${root}/alias-ran\n`,
    );
    const dir = path.join(root, 'rewrite');
    mkdirSync(dir);
    const git = createGitCommandManager({
      cwd: dir,
      token: TOKEN,
      serverUrl,
      env: { PATH: process.env['PATH'], HOME: home, GIT_CONFIG_NOSYSTEM: '1' },
    });
    requests.length = 0;
    const heads = await git.exec(['ls-remote', '--heads', 'https://mirror.invalid/o/r.git']);
    assert.match(heads.stdout, /refs\/heads\/main/);
    assert.ok(
      requests.every((r) => r.endsWith('auth=yes')),
      requests.join('\n'),
    );
    const config = await git.exec(['config', '--list', '--show-scope'], { allowAllExitCodes: true });
    assert.doesNotMatch(config.stdout, /extraheader/i, 'not on a command that does not talk to the server');
    assert.match(config.stdout, /command\s+url\..*\.insteadof=https:\/\/mirror\.invalid\//);
    assert.doesNotMatch(config.stdout, /alias/);
  });
});
