import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createNamespaceSandbox,
  type NamespaceSandboxConfig,
} from '../../../src/sandbox/namespace-sandbox.js';

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
};

describe('createNamespaceSandbox', () => {
  it('enters the holder, makes a PID namespace, drops to the user and keeps argv verbatim', () => {
    const sandbox = createNamespaceSandbox(config);
    assert.equal(sandbox.level, 'root+unshare');
    assert.deepEqual(sandbox.missing, []);
    const argv = ['npm', 'test', '--', '$(id)', "a b'c"];
    const { file, args, env } = sandbox.launch(argv, {
      cwd: '/ws/sub dir',
      env: { PATH: '/usr/bin', CI: 'true' },
    });
    assert.equal(file, '/usr/bin/nsenter');
    assert.deepEqual(args.slice(0, 4), ['--target=4242', '--mount', '--net', '--']);
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
    const { env } = createNamespaceSandbox(config).launch(['true'], {
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
    // sudo rewrites the environment, so the supervisor sets these after it, from its arguments.
    const { args } = createNamespaceSandbox({ ...config, privilege: 'sudo' }).launch(['true'], {
      cwd: '/ws',
    });
    assert.deepEqual(args.slice(5, 8), ['/job/temp/agentsbx-x/home', 'agentsbx-0a1b2c3d', '/usr/bin/bash']);
    assert.match(args[4]!, /unset SUDO_COMMAND SUDO_USER SUDO_UID SUDO_GID SUDO_HOME MAIL/);
    assert.match(args[4]!, /HOME="\$3" USER="\$4" LOGNAME="\$4" SHELL="\$5"/);
  });

  it('leaves the runner its own names without a separate user', () => {
    const { user: _, ...rest } = config;
    const { env } = createNamespaceSandbox({ ...rest, privilege: 'userns' }).launch(['true'], {
      cwd: '/ws',
      env: { USER: 'runner' },
    });
    assert.equal(env.USER, 'runner');
    assert.ok(!('LOGNAME' in env) && !('SHELL' in env));
  });

  it('goes through the runner-owned launcher and a root supervisor with sudo', () => {
    const { file, args } = createNamespaceSandbox({ ...config, privilege: 'sudo' }).launch(['true'], {
      cwd: '/ws',
    });
    assert.equal(file, '/bin/sh');
    assert.equal(args[0], '-c');
    assert.match(args[1]!, /"\$sudo" -n -E/);
    assert.equal(args[3], '/usr/bin/sudo');
    assert.equal(args[8], '/usr/bin/nsenter');
    assert.equal(args.at(-1), 'true');
  });

  it('enters the user namespace and reports the missing user without root', () => {
    const { user: _, ...rest } = config;
    const sandbox = createNamespaceSandbox({ ...rest, privilege: 'userns', ownNetwork: false });
    assert.deepEqual(sandbox.missing, ['separate-user']);
    const { args } = sandbox.launch(['true'], { cwd: '/ws' });
    // Unprivileged, nsenter must not try setgroups() (a `--map-root-user` namespace denies it).
    assert.deepEqual(args.slice(0, 5), [
      '--target=4242',
      '--user',
      '--preserve-credentials',
      '--mount',
      '--',
    ]);
    assert.ok(!args.some((a) => a.startsWith('--reuid')));
  });

  it('refuses an empty argv', () => {
    assert.throws(() => createNamespaceSandbox(config).launch([], { cwd: '/ws' }), /empty argv/);
  });
});
