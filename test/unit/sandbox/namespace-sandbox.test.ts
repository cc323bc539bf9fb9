import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CommandHelper } from '../../../src/sandbox/command-helper.js';
import {
  commandChain,
  createNamespaceSandbox,
  type NamespaceSandboxConfig,
} from '../../../src/sandbox/namespace-sandbox.js';
import type { SandboxLaunch } from '../../../src/sandbox/sandbox.js';

/** A command helper that records what it was asked to start and answers exit 0. */
function recordingRunner(): CommandHelper & {
  started: { launch: SandboxLaunch; cwd: string; logPath: string }[];
} {
  const started: { launch: SandboxLaunch; cwd: string; logPath: string }[] = [];
  return {
    started,
    start(launch, options) {
      started.push({ launch, ...options });
      return { exited: Promise.resolve({ code: 0, signal: null }), kill() {} };
    },
    async stop() {},
  };
}

const config: NamespaceSandboxConfig = {
  privilege: 'root',
  tools: {
    unshare: '/usr/bin/unshare',
    nsenter: '/usr/bin/nsenter',
    setpriv: '/usr/bin/setpriv',
    env: '/usr/bin/env',
    sudo: '/usr/bin/sudo',
  },
  holderPid: 4242,
  ownNetwork: true,
  user: { uid: 990, gid: 990, name: 'agentsbx-0a1b2c3d' },
  shell: '/usr/bin/bash',
  umask: '022',
  home: '/job/temp/agentsbx-x/home',
  helper: recordingRunner(),
};

describe('commandChain', () => {
  it('enters the holder, makes a PID namespace, drops to the user and keeps argv verbatim', () => {
    assert.equal(createNamespaceSandbox(config).level, 'root+unshare');
    assert.deepEqual(createNamespaceSandbox(config).missing, []);
    const argv = ['npm', 'test', '--', '$(id)', "a b'c"];
    const { file, args, env } = commandChain(config, argv, {
      cwd: '/ws/sub dir',
      env: { PATH: '/usr/bin', CI: 'true' },
    });
    assert.equal(file, '/usr/bin/nsenter');
    assert.deepEqual(args.slice(0, 5), ['--target=4242', '--mount', '--ipc', '--net', '--']);
    // The working folder is entered inside the mount namespace, by unshare, not by nsenter.
    assert.ok(args.indexOf('--wd=/ws/sub dir') > args.indexOf('/usr/bin/unshare'));
    assert.ok(args.includes('--kill-child') && args.includes('--mount-proc'));
    assert.ok(
      args.includes('--reuid=990') && args.includes('--no-new-privs') && args.includes('--pdeathsig=KILL'),
    );
    assert.ok(!args.includes('/usr/bin/env'), 'no `env` step: the environment is set at spawn');
    assert.equal(env.HOME, '/job/temp/agentsbx-x/home');
    assert.equal(env.TMPDIR, '/tmp');
    assert.equal(env.CI, 'true');
    assert.deepEqual(args.slice(-argv.length - 1), ['--', ...argv]);
  });

  it("gives the command the throw-away user's names and shell, not root's", () => {
    const { env } = commandChain(config, ['true'], {
      cwd: '/ws',
      env: { PATH: '/usr/bin', SUDO_USER: 'root', MAIL: '/var/mail/root', USER: 'root' },
    });
    assert.deepEqual(env, {
      PATH: '/usr/bin',
      USER: 'agentsbx-0a1b2c3d',
      LOGNAME: 'agentsbx-0a1b2c3d',
      SHELL: '/usr/bin/bash',
      HOME: '/job/temp/agentsbx-x/home',
      TMPDIR: '/tmp',
    });
  });

  it('leaves the runner its own names without a separate user', () => {
    const { user: _, ...rest } = config;
    const { env } = commandChain({ ...rest, privilege: 'userns' }, ['true'], {
      cwd: '/ws',
      env: { USER: 'runner' },
    });
    assert.equal(env.USER, 'runner');
    assert.ok(!('LOGNAME' in env) && !('SHELL' in env));
  });

  it("hands the chain to the job's helper, which opens the log by path", async () => {
    for (const privilege of ['root', 'sudo'] as const) {
      const helper = recordingRunner();
      const sandbox = createNamespaceSandbox({ ...config, privilege, helper });
      assert.equal(sandbox.level, `${privilege}+unshare`);
      const command = sandbox.start(['true'], {
        cwd: '/ws',
        env: { PATH: '/usr/bin', SUDO_UID: '0' },
        output: { fd: 99, path: '/job/temp/command.log' },
      });
      assert.deepEqual(await command.exited, { code: 0, signal: null });
      const [{ launch, cwd, logPath }] = helper.started as [(typeof helper.started)[0]];
      assert.equal(cwd, '/ws');
      assert.equal(logPath, '/job/temp/command.log');
      assert.equal(launch.file, '/usr/bin/nsenter');
      assert.equal(launch.args.at(-1), 'true');
      assert.equal(launch.env.USER, 'agentsbx-0a1b2c3d');
      assert.ok(!('SUDO_UID' in launch.env));
    }
  });

  it('enters the user namespace and reports the missing user without root', () => {
    const { user: _, ...rest } = config;
    const userns = { ...rest, privilege: 'userns' as const, ownNetwork: false };
    assert.deepEqual(createNamespaceSandbox(userns).missing, ['separate-user']);
    const { args } = commandChain(userns, ['true'], { cwd: '/ws' });
    // Unprivileged, nsenter must not try setgroups() (a `--map-root-user` namespace denies it).
    assert.deepEqual(args.slice(0, 6), [
      '--target=4242',
      '--user',
      '--preserve-credentials',
      '--mount',
      '--ipc',
      '--',
    ]);
    assert.ok(!args.some((a) => a.startsWith('--reuid')));
  });

  it('refuses an empty argv', () => {
    assert.throws(() => commandChain(config, [], { cwd: '/ws' }), /empty argv/);
  });
});
