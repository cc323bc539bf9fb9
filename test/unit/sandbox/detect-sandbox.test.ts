import assert from 'node:assert/strict';
import { mkdir, mkdtemp, open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { describeSandbox } from '../../../src/sandbox/describe-sandbox.js';
import {
  type DetectSandboxOptions,
  detectSandbox,
  SandboxUnavailableError,
} from '../../../src/sandbox/detect-sandbox.js';
import { type ProbeRunner, runProbe } from '../../../src/sandbox/host-probe.js';

/** Every probe fails as it would on a runner without sudo and with user namespaces disabled. */
const nothingWorks: ProbeRunner = async () => ({
  exitCode: 1,
  stdout: '',
  stderr: 'unshare: unshare failed: Operation not permitted (simulated)',
});
const noSudo: ProbeRunner = async (argv) =>
  argv[1] === '-n' && argv[2] === 'true'
    ? { exitCode: 1, stdout: '', stderr: 'sudo: a password is required (simulated)' }
    : runProbe(argv);

describe('detectSandbox', () => {
  let root: string;
  let base: DetectSandboxOptions;
  before(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'detect-sandbox-'));
    await mkdir(path.join(root, 'ws', '.git'), { recursive: true });
    await mkdir(path.join(root, 'temp'));
    base = {
      setting: 'auto',
      network: 'off',
      workspace: path.join(root, 'ws'),
      tempDir: path.join(root, 'temp'),
      platform: 'linux',
      uid: 1000,
    };
  });
  after(() => rm(root, { recursive: true, force: true }));

  it('strict fails before anything runs, naming every missing protection and why', async () => {
    await assert.rejects(
      detectSandbox({ ...base, setting: 'strict', runCommandProbe: nothingWorks }),
      (error) => {
        assert.ok(error instanceof SandboxUnavailableError);
        assert.match(error.message, /sandbox: strict.*pid-namespace, network-namespace, separate-user/);
        assert.match(error.message, /Operation not permitted \(simulated\)/);
        return true;
      },
    );
  });

  it('auto falls back to no isolation and records the downgrade for the summary', async () => {
    const sandbox = await detectSandbox({ ...base, runCommandProbe: nothingWorks });
    assert.equal(sandbox.level, 'none');
    assert.deepEqual(sandbox.missing, ['pid-namespace', 'network-namespace', 'separate-user']);
    // Commands start as they are, with only their own environment.
    const logPath = path.join(root, 'none.log');
    const log = await open(logPath, 'a');
    const command = sandbox.start(['/bin/sh', '-c', 'echo "$0 ${HOME:-no-home}"', 'plain'], {
      cwd: base.workspace,
      output: { fd: log.fd, path: logPath },
    });
    assert.deepEqual(await command.exited, { code: 0, signal: null });
    await log.close();
    assert.equal(await readFile(logPath, 'utf8'), 'plain no-home\n');
    assert.equal(await sandbox.settle(), undefined);
    const text = describeSandbox(sandbox);
    assert.match(text, /Sandbox: `none`/);
    assert.match(text, /Missing: own PID namespace.*own network namespace.*separate unprivileged user/);
    assert.match(text, /Why: .*simulated/);
    await sandbox.dispose();
  });

  it('strict names only the separate user when user namespaces work but sudo does not', async (t) => {
    const probe = await noSudo([
      'unshare',
      '--user',
      '--map-root-user',
      '--pid',
      '--fork',
      '--mount-proc',
      '/bin/true',
    ]);
    if (probe.exitCode !== 0) return t.skip(`user namespaces are not allowed here: ${probe.stderr.trim()}`);
    await assert.rejects(detectSandbox({ ...base, setting: 'strict', runCommandProbe: noSudo }), (error) => {
      assert.ok(error instanceof SandboxUnavailableError);
      assert.match(error.message, /cannot provide separate-user \(/);
      assert.match(error.message, /sudo is not installed|a password is required \(simulated\)/);
      return true;
    });
    const sandbox = await detectSandbox({ ...base, runCommandProbe: noSudo });
    try {
      assert.equal(sandbox.level, 'userns');
      assert.deepEqual(sandbox.missing, ['separate-user']);
      const text = describeSandbox(sandbox);
      assert.match(text, /own PID namespace.*own network namespace/);
      assert.match(text, /⚠️ Missing: separate unprivileged user/);
      assert.match(text, /Why: .*sudo/);
      // Without a separate user the summary says what commands can still write.
      assert.match(
        text,
        /Reachable: commands run as the runner's user: besides the workspace they can write whatever it owns outside .*`\/tmp`/,
      );
      assert.equal(sandbox.afterCommand, undefined, 'nothing to hand back without a separate user');
    } finally {
      await sandbox.dispose();
    }
  });

  it('outside Linux: strict fails clearly, auto runs unisolated with everything missing', async () => {
    await assert.rejects(
      detectSandbox({ ...base, setting: 'strict', platform: 'darwin' }),
      /darwin has no Linux namespaces/,
    );
    const sandbox = await detectSandbox({ ...base, platform: 'win32' });
    assert.equal(sandbox.level, 'none');
    assert.equal(sandbox.missing.length, 3);
    assert.match(describeSandbox(sandbox), /win32 has no Linux namespaces/);
  });

  it('off is unisolated and says it is unsafe for public repositories', async () => {
    const sandbox = await detectSandbox({ ...base, setting: 'off', runCommandProbe: nothingWorks });
    assert.equal(sandbox.level, 'none');
    assert.match(describeSandbox(sandbox), /unsafe for public repositories/);
  });

  it('with network on, the network is not counted as missing', async () => {
    const sandbox = await detectSandbox({ ...base, network: 'on', runCommandProbe: nothingWorks });
    assert.deepEqual(sandbox.missing, ['pid-namespace', 'separate-user']);
    assert.match(describeSandbox(sandbox), /Network is on/);
  });
});
