import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { CliError } from '../../../src/cli/cli-error.js';
import { localIdentity, publishDryRun } from '../../../src/cli/dry-run-publisher.js';
import { inspectRepository } from '../../../src/cli/repository.js';
import { createGitCommandManager } from '../../../src/git/git-command-manager.js';

const exec = promisify(execFile);
const env = { PATH: process.env['PATH'], HOME: tmpdir() };

async function repo() {
  const dir = await mkdtemp(path.join(tmpdir(), 'dry-run-'));
  await exec('git', ['init', '-q', '-b', 'main'], { cwd: dir });
  await writeFile(path.join(dir, 'a.txt'), 'one\n');
  await exec('git', ['add', '-A'], { cwd: dir });
  await exec('git', ['-c', 'user.name=T', '-c', 'user.email=t@e', 'commit', '-qm', 'init'], { cwd: dir });
  const git = createGitCommandManager({ cwd: dir, token: '', serverUrl: 'http://git.invalid', env });
  return { dir, git, info: await inspectRepository(git) };
}

const input = (startSha: string, outDir: string) => ({
  branch: 'agent/local-20250101-000000',
  startSha,
  baseName: 'main',
  title: 'Change a',
  body: (refused: readonly string[]) => `Body. Refused: ${refused.join(', ') || 'none'}`,
  draft: false,
  author: { name: 'agent-action (local)', email: 'agent-action@localhost' },
  outDir,
});

describe('publishDryRun', () => {
  it('commits on a new branch, leaves workflow files out, and writes the PR', async () => {
    const { dir, git, info } = await repo();
    assert.equal(info.startBranch, 'main');
    await writeFile(path.join(dir, 'a.txt'), 'two\n');
    await mkdir(path.join(dir, '.github', 'workflows'), { recursive: true });
    await writeFile(path.join(dir, '.github', 'workflows', 'evil.yml'), 'on: push\n');
    const out = await mkdtemp(path.join(tmpdir(), 'dry-run-out-'));
    const result = await publishDryRun(git, input(info.startSha, out));
    assert.match(result.sha ?? '', /^[0-9a-f]{40}$/);
    assert.deepEqual(result.files, ['a.txt']);
    assert.deepEqual(result.refused, ['.github/workflows/evil.yml']);
    assert.equal((await git.exec(['branch', '--show-current'])).stdout.trim(), 'agent/local-20250101-000000');
    assert.equal((await git.exec(['rev-parse', 'main'])).stdout.trim(), info.startSha, 'main is untouched');
    assert.equal(
      (await git.exec(['log', '-1', '--format=%an <%ae>'])).stdout.trim(),
      'agent-action (local) <agent-action@localhost>',
    );
    assert.equal(
      await readFile(path.join(out, 'pull-request.md'), 'utf8'),
      '# Change a\n\nBody. Refused: .github/workflows/evil.yml\n',
    );
    const pr = JSON.parse(await readFile(path.join(out, 'pull-request.json'), 'utf8'));
    assert.equal(pr.head, 'agent/local-20250101-000000');
    assert.equal(pr.base, 'main');
  });

  it('creates no branch when nothing but workflow files changed', async () => {
    const { dir, git, info } = await repo();
    await mkdir(path.join(dir, '.github', 'workflows'), { recursive: true });
    await writeFile(path.join(dir, '.github', 'workflows', 'evil.yml'), 'on: push\n');
    const out = await mkdtemp(path.join(tmpdir(), 'dry-run-out-'));
    const result = await publishDryRun(git, input(info.startSha, out));
    assert.equal(result.sha, null);
    assert.equal((await git.exec(['branch', '--show-current'])).stdout.trim(), 'main');
    assert.equal((await git.exec(['branch', '--list', 'agent/*'])).stdout.trim(), '');
    assert.equal(JSON.parse(await readFile(path.join(out, 'pull-request.json'), 'utf8')).head, null);
  });

  it('uses the identity configured in the repository when there is one', async () => {
    const { git } = await repo();
    await git.exec(['config', 'user.name', 'Ada']);
    await git.exec(['config', 'user.email', 'ada@example.com']);
    assert.deepEqual(await localIdentity(git), { name: 'Ada', email: 'ada@example.com' });
  });
});

describe('inspectRepository', () => {
  it('refuses uncommitted changes and a repository without commits, naming the fix', async () => {
    const { dir, git } = await repo();
    await writeFile(path.join(dir, 'new.txt'), 'x');
    await assert.rejects(
      inspectRepository(git),
      (e: unknown) => e instanceof CliError && /uncommitted changes: commit or stash/.test(e.message),
    );
    const empty = await mkdtemp(path.join(tmpdir(), 'dry-run-empty-'));
    await exec('git', ['init', '-q'], { cwd: empty });
    const emptyGit = createGitCommandManager({ cwd: empty, token: '', serverUrl: 'http://git.invalid', env });
    await assert.rejects(inspectRepository(emptyGit), /has no commits yet/);
  });

  it('refuses a folder inside a checkout rather than working on the whole checkout', async () => {
    const { dir } = await repo();
    await mkdir(path.join(dir, 'sub'));
    const sub = createGitCommandManager({
      cwd: path.join(dir, 'sub'),
      token: '',
      serverUrl: 'http://git.invalid',
      env,
      // As the local runner makes it: the repository is found from the folder --repo names.
      discover: true,
    });
    await assert.rejects(inspectRepository(sub), /is a folder inside the git checkout .*: pass --repo/);
  });
});
