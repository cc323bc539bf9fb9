/**
 * The sandbox suites again, as the two runner users the action meets besides root: an
 * unprivileged user with passwordless sudo (GitHub-hosted runners: uid 1001 with a NOPASSWD
 * sudoers entry) and one without sudo (many self-hosted runners). Run as root, this creates both
 * users with `useradd` (and a sudoers drop-in), starts the suites under each with `setpriv`, and
 * removes them afterwards. Each suite asserts the level its mode must get, so a silent downgrade
 * fails here. Where the machine cannot do this, each mode skips with the reason.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants, existsSync, readFileSync, statSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { findExecutable } from '../../src/sandbox/host-probe.js';
import { RUNNER_MODE_VARIABLE, type RunnerMode } from '../helpers/runner-mode.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The suites each runner user runs: the sandbox end to end, an issue fix, files and git, the
 * allowlist, how long what commands start lives, level `landlock`, what the kernel enforces end
 * to end, a stdio MCP server, and the hostile corpus's effects.
 */
const SUITES = [
  'test/integration/sandbox-e2e.test.ts',
  'test/integration/sandbox-runner-e2e.test.ts',
  'test/integration/sandbox/runner-files.test.ts',
  'test/integration/sandbox/egress-levels.test.ts',
  'test/integration/sandbox/command-lifetime.test.ts',
  'test/integration/sandbox/landlock.test.ts',
  'test/integration/sandbox-kernel-e2e.test.ts',
  'test/integration/sandbox/mcp-server.test.ts',
  'test/sweeps/oracle/effects-e2e.test.ts',
];
// Nine suites, two of them through the built action at three levels: minutes on a loaded machine.
const SUITE_TIMEOUT_MS = 15 * 60_000;

/** Why no runner user can be made here, or undefined. */
function whyNotHere(): string | undefined {
  if (process.env[RUNNER_MODE_VARIABLE]) return 'already running as a runner user';
  if (process.getuid?.() !== 0) return `creating runner users needs root; this is uid ${process.getuid?.()}`;
  for (const tool of ['useradd', 'userdel', 'setpriv'])
    if (spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status !== 0)
      return `${tool} is not installed`;
  // Another user must reach the repository, Node and the temp folder: every parent searchable.
  for (const target of [
    path.join(ROOT, 'dist/index.js'),
    process.execPath,
    path.join(ROOT, 'node_modules/tsx/package.json'),
  ]) {
    const problem = unreadable(target);
    if (problem) return problem;
  }
  const tmp = statSync(os.tmpdir());
  if ((tmp.mode & 0o1777) !== 0o1777) return `${os.tmpdir()} is not a world-writable sticky folder`;
  return undefined;
}

/** The first folder on the way to `file` another user cannot search, or `file` if it cannot read it. */
function unreadable(file: string): string | undefined {
  const real = path.resolve(file);
  for (let dir = path.dirname(real); ; dir = path.dirname(dir)) {
    if ((statSync(dir).mode & constants.S_IXOTH) === 0)
      return `${dir} is not searchable by other users (mode ${(statSync(dir).mode & 0o777).toString(8)}), so a runner user cannot reach ${real}`;
    if (dir === '/') break;
  }
  return (statSync(real).mode & constants.S_IROTH) === 0
    ? `${real} is not readable by other users`
    : undefined;
}

/** Why passwordless sudo cannot be given to a test user here, or undefined. */
function whyNoSudo(): string | undefined {
  if (!existsSync('/usr/bin/sudo') && !existsSync('/bin/sudo')) return 'sudo is not installed';
  const sudoers = existsSync('/etc/sudoers') ? readFileSync('/etc/sudoers', 'utf8') : '';
  if (!/^[@#]includedir\s+\/etc\/sudoers\.d\s*$/m.test(sudoers))
    return '/etc/sudoers does not include /etc/sudoers.d';
  return undefined;
}

interface TestUser {
  name: string;
  uid: number;
  gid: number;
  home: string;
  sudoers?: string;
}

async function createUser(mode: RunnerMode): Promise<TestUser> {
  const name = `aarunner-${mode}-${randomBytes(3).toString('hex')}`;
  const home = await mkdtemp(path.join(os.tmpdir(), `${name}-`));
  const made = spawnSync(
    'useradd',
    ['--no-create-home', '--home-dir', home, '--shell', '/bin/bash', '--user-group', name],
    { encoding: 'utf8' },
  );
  assert.equal(made.status, 0, `useradd ${name}: ${made.stderr}`);
  const [, , uid, gid] = spawnSync('getent', ['passwd', name], { encoding: 'utf8' }).stdout.split(':');
  const user: TestUser = { name, uid: Number(uid), gid: Number(gid), home };
  await chown(home, user.uid, user.gid);
  await chmod(home, 0o755);
  if (mode === 'sudo') {
    user.sudoers = `/etc/sudoers.d/${name}`;
    await writeFile(user.sudoers, `${name} ALL=(ALL) NOPASSWD:ALL\n`, { mode: 0o440 });
  }
  return user;
}

async function removeUser(user: TestUser): Promise<void> {
  if (user.sudoers) await rm(user.sudoers, { force: true });
  spawnSync('userdel', ['--force', user.name]);
  await rm(user.home, { recursive: true, force: true });
}

interface SuiteRun {
  code: number | null;
  output: string;
}

/** Runs the suites as `user`, with its own HOME and temp folder, naming the mode. */
async function runSuitesAs(user: TestUser, mode: RunnerMode): Promise<SuiteRun> {
  const setpriv = (await findExecutable('setpriv'))!;
  const tmp = path.join(user.home, 'tmp');
  spawnSync('install', ['-d', '-m', '755', '-o', String(user.uid), '-g', String(user.gid), tmp]);
  const child = spawn(
    setpriv,
    [
      `--reuid=${user.uid}`,
      `--regid=${user.gid}`,
      '--init-groups',
      '--',
      process.execPath,
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=1',
      '--test-reporter=spec',
      ...SUITES,
    ],
    {
      cwd: ROOT,
      env: {
        PATH: process.env['PATH'] ?? '/usr/bin:/bin',
        HOME: user.home,
        USER: user.name,
        LOGNAME: user.name,
        LANG: 'C.UTF-8',
        TMPDIR: tmp,
        [RUNNER_MODE_VARIABLE]: mode,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), SUITE_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  return { code, output };
}

const here = whyNotHere();
const modes: { mode: RunnerMode; name: string; why: () => string | undefined }[] = [
  { mode: 'sudo', name: 'an unprivileged runner user with passwordless sudo', why: whyNoSudo },
  { mode: 'user', name: 'an unprivileged runner user without sudo', why: () => undefined },
];

describe('the sandbox suites as runner users', () => {
  const made: TestUser[] = [];
  after(async () => {
    for (const user of made) await removeUser(user);
  });

  for (const { mode, name, why } of modes) {
    it(`pass as ${name}`, async (t) => {
      const reason = here ?? why();
      if (reason) return t.skip(reason);
      const user = await createUser(mode);
      made.push(user);
      const run = await runSuitesAs(user, mode);
      const count = (label: string) =>
        Number(new RegExp(`^ℹ ${label} (\\d+)$`, 'm').exec(run.output)?.[1] ?? NaN);
      const tail = run.output.split('\n').slice(-150).join('\n');
      assert.equal(run.code, 0, `the suites failed as ${user.name}:\n${tail}`);
      assert.equal(count('fail'), 0, tail);
      assert.ok(count('pass') >= 8, `the suites ran (pass ${count('pass')}):\n${tail}`);
      const skipped = run.output.split('\n').filter((l) => l.trimStart().startsWith('﹣'));
      t.diagnostic(
        `${user.name} (uid ${user.uid}): pass ${count('pass')}, skipped ${count('skipped')}${skipped.length ? `\n${skipped.join('\n')}` : ''}`,
      );
    });
  }
});
