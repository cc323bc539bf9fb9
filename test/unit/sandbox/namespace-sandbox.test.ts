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
    const { file, args } = sandbox.launch(argv, { cwd: '/ws/sub dir' });
    assert.equal(file, '/usr/bin/nsenter');
    assert.deepEqual(args.slice(0, 4), ['--target=4242', '--mount', '--net', '--']);
    assert.ok(args.includes('--kill-child') && args.includes('--mount-proc'));
    assert.ok(
      args.includes('--reuid=990') && args.includes('--no-new-privs') && args.includes('--pdeathsig=KILL'),
    );
    assert.ok(args.includes('--chdir=/ws/sub dir'));
    assert.ok(args.includes('HOME=/job/temp/agentsbx-x/home'));
    assert.deepEqual(args.slice(-argv.length), argv);
  });

  it("gives the command the throw-away user's names and shell, not root's", () => {
    const { args } = createNamespaceSandbox({ ...config, privilege: 'sudo' }).launch(['true'], {
      cwd: '/ws',
    });
    const envAt = args.indexOf('/usr/bin/env');
    const envArgs = args.slice(envAt, args.indexOf('true', envAt));
    for (const set of ['USER=agentsbx-0a1b2c3d', 'LOGNAME=agentsbx-0a1b2c3d', 'SHELL=/usr/bin/bash'])
      assert.ok(envArgs.includes(set), `${set} in ${envArgs.join(' ')}`);
    for (const unset of ['SUDO_USER', 'MAIL']) assert.ok(envArgs.join(' ').includes(`-u ${unset}`));
  });

  it('leaves the runner its own names without a separate user', () => {
    const { user: _, ...rest } = config;
    const { args } = createNamespaceSandbox({ ...rest, privilege: 'userns' }).launch(['true'], {
      cwd: '/ws',
    });
    assert.ok(!args.some((a) => /^(USER|LOGNAME|SHELL)=/.test(a)));
  });

  it('goes through the runner-owned launcher and a root supervisor with sudo', () => {
    const { file, args } = createNamespaceSandbox({ ...config, privilege: 'sudo' }).launch(['true'], {
      cwd: '/ws',
    });
    assert.equal(file, '/bin/sh');
    assert.equal(args[0], '-c');
    assert.match(args[1]!, /"\$sudo" -n -E/);
    assert.equal(args[3], '/usr/bin/sudo');
    assert.equal(args[5], '/usr/bin/nsenter');
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

  it('refuses an empty argv and a command name `env` would read as an assignment', () => {
    const sandbox = createNamespaceSandbox(config);
    assert.throws(() => sandbox.launch([], { cwd: '/ws' }), /empty argv/);
    assert.throws(() => sandbox.launch(['A=1', 'sh'], { cwd: '/ws' }), /contains "="/);
  });
});
