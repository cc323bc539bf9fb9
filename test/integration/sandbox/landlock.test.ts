/**
 * Level `landlock`: a runner without sudo or user namespaces (a job container, a locked-down
 * self-hosted runner) where the kernel has Landlock. Detection is driven the way such a runner
 * answers (the sudo and unshare probes fail; the Landlock probe runs for real), and every command
 * below is started straight through the sandbox, bypassing the bash policy, as a command the
 * policy wrongly allowed would be: what it cannot do here, the kernel refuses. Run as root and, by
 * the runner-modes suite, as a runner user with and without sudo. Without the built helper or
 * Landlock, each test skips with the reason.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import { describeSandbox } from '../../../src/sandbox/describe-sandbox.js';
import { detectSandbox, type ManagedSandbox } from '../../../src/sandbox/detect-sandbox.js';
import { type ProbeRunner, runProbe } from '../../../src/sandbox/host-probe.js';
import { findLandlockHelper } from '../../../src/sandbox/landlock-sandbox.js';
import { runnerMode } from '../../helpers/runner-mode.js';
import { type JobLayout, makeJobLayout, optionsFor, runIn, SECRET_TEXT } from './sandbox-fixture.js';

/** Answers as a job container does: no sudo, no namespaces; anything else runs for real. */
const noNamespaces: ProbeRunner = async (argv) => {
  const name = path.basename(argv[0] ?? '');
  if (name === 'sudo') return { exitCode: 1, stdout: '', stderr: 'sudo: a password is required (simulated)' };
  if (name === 'unshare')
    return {
      exitCode: 1,
      stdout: '',
      stderr: 'unshare: unshare failed: Operation not permitted (simulated)',
    };
  return runProbe(argv);
};

const helper = findLandlockHelper();
/** Why level `landlock` cannot be tested here, or undefined. */
function whyNot(): string | undefined {
  if (process.platform !== 'linux') return 'Landlock is Linux only';
  if (!helper) return 'the Landlock helper is not built (npm run build)';
  const probe = spawnSync(helper, ['--probe'], { encoding: 'utf8' });
  const abi = Number(/^landlock (\d+)$/m.exec(probe.stdout)?.[1] ?? 0);
  return abi >= 3 ? undefined : `this kernel has no Landlock ABI 3 or later: ${probe.stdout.trim()}`;
}
const reason = whyNot();

/** This machine's first non-loopback IPv4 address, if it has one. */
function externalAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
}

for (const network of ['off', 'on'] as const) {
  describe(`level landlock (no sudo, no namespaces), network ${network}, as ${runnerMode()}`, () => {
    let job: JobLayout;
    let sandbox: ManagedSandbox | undefined;
    let outside: string;
    const sh = (script: string, env: Record<string, string> = {}) =>
      runIn(sandbox!, ['/bin/sh', '-c', script], job.workspace, env);
    const use = (t: TestContext): ManagedSandbox | undefined => {
      if (!sandbox) t.skip(reason ?? 'no sandbox');
      return sandbox;
    };

    before(async () => {
      job = await makeJobLayout();
      await mkdir(path.join(job.workspace, '.github', 'workflows'), { recursive: true });
      await writeFile(path.join(job.workspace, '.github', 'workflows', 'ci.yml'), 'on: push\n');
      await mkdir(path.join(job.workspace, 'src'));
      // A folder the runner's user can write outside every hidden one (only root can make one here:
      // a runner user's own folders are all under its home or /tmp, which are hidden).
      outside =
        process.getuid?.() === 0 ? await mkdtemp('/var/cache/sandbox-test-') : path.join(job.root, 'outside');
      await mkdir(outside, { recursive: true });
      if (reason) return;
      sandbox = await detectSandbox(
        optionsFor(job, {
          network,
          runCommandProbe: noNamespaces,
          uid: process.getuid?.() === 0 ? 1000 : process.getuid?.(),
        }),
      );
    });
    after(async () => {
      await sandbox?.dispose();
      await job.cleanup();
      await rm(outside, { recursive: true, force: true });
    });

    it('is chosen, and says what the kernel enforces and what it cannot', (t) => {
      const s = use(t);
      if (!s) return;
      assert.equal(s.level, 'landlock', s.notes.join('; '));
      const text = describeSandbox(s);
      assert.match(text, /Sandbox: `landlock`\*\* commands confined by Landlock and seccomp/);
      assert.match(text, /Why: .*Operation not permitted \(simulated\)/);
    });

    it('writes inside the workspace folders and the private home, and nowhere else', async (t) => {
      const s = use(t);
      if (!s) return;
      const result = await sh(
        [
          'echo made > src/made.txt && echo sub-ok',
          'echo more >> README.md && echo readme-ok',
          'echo home > "$HOME/h" && echo "$TMPDIR" && echo tmp > "$TMPDIR/t" && echo home-ok',
          `echo x > "${outside}/x" || echo outside-refused`,
          `echo x > "${job.runnerHome}/x" || echo runner-home-refused`,
          `echo x > "${job.tempDir}/x" || echo job-temp-refused`,
          'echo x > /var/tmp/agentsbx-landlock-test || echo var-tmp-refused',
          'echo x > /tmp/agentsbx-landlock-test || echo tmp-refused',
          'echo x > /dev/shm/agentsbx-landlock-test || echo shm-refused',
          'echo x > newtop.txt || echo top-level-refused',
          'rm README.md || echo remove-top-level-refused',
          'echo x > /dev/null && echo devnull-ok',
        ].join('; '),
      );
      for (const line of [
        'sub-ok',
        'readme-ok',
        'home-ok',
        'outside-refused',
        'runner-home-refused',
        'job-temp-refused',
        'var-tmp-refused',
        'tmp-refused',
        'shm-refused',
        'top-level-refused',
        'remove-top-level-refused',
        'devnull-ok',
      ])
        assert.match(result.output, new RegExp(`^${line}$`, 'm'), result.output);
      assert.equal(await readFile(path.join(job.workspace, 'src/made.txt'), 'utf8'), 'made\n');
      assert.deepEqual(await readdir(outside), []);
      for (const p of ['/var/tmp', '/tmp', '/dev/shm'])
        assert.equal(existsSync(path.join(p, 'agentsbx-landlock-test')), false, p);
      assert.equal(existsSync(path.join(job.workspace, 'newtop.txt')), false);
    });

    it('cannot change, remove, replace or add to .git or .github', async (t) => {
      const s = use(t);
      if (!s) return;
      const result = await sh(
        [
          'echo "[core] hooksPath=/x" >> .git/config',
          'echo x > .git/HEAD',
          'mkdir -p .git/hooks; echo "#!/bin/sh" > .git/hooks/pre-commit',
          'ln -s ../src/made.txt .git/config',
          'rm -rf .git',
          'mv .git src/git-moved',
          'mv src .git',
          'echo pwned > .github/workflows/ci.yml',
          'echo pwned > .github/workflows/pwn.yml',
          'rm -rf .github',
          'mv .github src/gh',
          'echo done',
        ].join('; '),
      );
      assert.match(result.output, /^done$/m);
      assert.deepEqual((await readdir(path.join(job.workspace, '.git'))).sort(), ['HEAD']);
      assert.equal(
        await readFile(path.join(job.workspace, '.git', 'HEAD'), 'utf8'),
        'ref: refs/heads/main\n',
      );
      assert.deepEqual(await readdir(path.join(job.workspace, '.github', 'workflows')), ['ci.yml']);
      assert.equal(
        await readFile(path.join(job.workspace, '.github', 'workflows', 'ci.yml'), 'utf8'),
        'on: push\n',
      );
      assert.ok((await stat(path.join(job.workspace, 'src'))).isDirectory());
    });

    it("reads the workspace and PATH tools, not the runner's home or the job's temp folder", async (t) => {
      const s = use(t);
      if (!s) return;
      await writeFile(path.join(job.tempDir, 'runner-file'), SECRET_TEXT);
      const result = await sh(
        `cat README.md; hello-tool; cat "${job.homeSecret}"; cat "${job.tempDir}/runner-file"; ls "${job.runnerHome}"; cat .git/HEAD`,
        { PATH: `${job.toolDir}:/usr/bin:/bin` },
      );
      assert.match(result.output, /# repo/);
      assert.match(result.output, /hello-from-tool/);
      assert.match(result.output, /ref: refs\/heads\/main/, '.git stays readable');
      assert.doesNotMatch(result.output, new RegExp(SECRET_TEXT));
    });

    it("cannot read the action's environment or any other process's, nor signal the action", async (t) => {
      const s = use(t);
      if (!s) return;
      const planted = spawn('sleep', ['30'], { env: { PATH: '/usr/bin:/bin', PLANTED_TOKEN: SECRET_TEXT } });
      t.after(() => planted.kill('SIGKILL'));
      // Positive control: without the sandbox the secret is right there.
      assert.match(await readFile(`/proc/${planted.pid}/environ`, 'utf8'), new RegExp(SECRET_TEXT));
      const result = await sh(
        `cat /proc/${planted.pid}/environ /proc/${process.pid}/environ; for p in /proc/[0-9]*; do cat $p/environ 2>/dev/null; done; cat /proc/${process.pid}/maps | head -1; kill -STOP ${process.pid} || echo signal-refused; kill -0 ${planted.pid} || echo signal0-refused`,
      );
      assert.doesNotMatch(result.output, new RegExp(SECRET_TEXT));
      // Its own processes' environments it may read; the test process's (like the action's) not.
      assert.doesNotMatch(result.output, /NODE_TEST_CONTEXT/, "no environment of the test's process");
      assert.match(result.output, /signal-refused/);
    });

    it('reaches no Unix socket outside (the Docker socket is one), and no IPC shared with the host', async (t) => {
      const s = use(t);
      if (!s) return;
      const socketPath = path.join(outside, 'daemon.sock');
      let accepted = 0;
      const server = net.createServer((c) => {
        accepted++;
        c.end('root shell\n');
      });
      await new Promise<void>((resolve) => server.listen(socketPath, resolve));
      t.after(() => server.close());
      const probe = path.join(job.workspace, 'src', 'unix.mjs');
      await writeFile(
        probe,
        `import net from 'node:net';
const c = net.connect(process.argv[2]);
c.on('connect', () => { console.log('unix: connected'); c.destroy(); });
c.on('error', (e) => console.log('unix: blocked', e.code));
`,
      );
      const result = await sh(
        `"${process.execPath}" src/unix.mjs "${socketPath}"; ipcmk -M 4096 || echo sysv-refused; ipcmk -Q || echo msgq-refused; python3 -c "import ctypes, os; rt = ctypes.CDLL('librt.so.1', use_errno=True); fd = rt.mq_open(b'/agentsbx-landlock', os.O_CREAT | os.O_RDWR, 0o600, None); print('mq', fd, ctypes.get_errno())" 2>&1 || true`,
      );
      assert.match(result.output, /unix: blocked/);
      assert.equal(accepted, 0);
      assert.match(result.output, /sysv-refused/);
      assert.match(result.output, /msgq-refused/);
      if (/^mq /m.test(result.output)) assert.match(result.output, /^mq -1 1$/m, 'mq_open: EPERM');
    });

    it(
      network === 'off'
        ? 'reaches no network: no TCP (remote or loopback), no UDP'
        : 'reaches the network over TCP (`network: on`)',
      async (t) => {
        const s = use(t);
        if (!s) return;
        const address = externalAddress() ?? '127.0.0.1';
        let connections = 0;
        const server = net.createServer((socket) => {
          connections++;
          socket.on('error', () => {});
          socket.end('hello\n');
        });
        await new Promise<void>((resolve) => server.listen(0, address, resolve));
        t.after(() => server.close());
        const port = (server.address() as net.AddressInfo).port;
        const probe = path.join(job.workspace, 'src', 'reach.mjs');
        await writeFile(
          probe,
          `import net from 'node:net'; import dgram from 'node:dgram';
const [host, port] = process.argv.slice(2);
const reach = (h, p) => new Promise((resolve) => {
  const s = net.connect({ host: h, port: Number(p), timeout: 2000 }, () => { s.destroy(); resolve('connected'); });
  s.on('error', (e) => resolve('blocked ' + e.code));
  s.on('timeout', () => { s.destroy(); resolve('blocked timeout'); });
});
console.log('tcp:', await reach(host, port));
try { const u = dgram.createSocket('udp4'); u.on('error', (e) => console.log('udp: blocked', e.code)); u.send('x', Number(port), host, (e) => { console.log(e ? 'udp: blocked ' + e.code : 'udp: sent'); u.close(); }); }
catch (e) { console.log('udp: blocked', e.code); }
`,
        );
        const result = await sh(`"${process.execPath}" src/reach.mjs ${address} ${port}`);
        if (network === 'off') {
          assert.match(result.output, /tcp: blocked/, result.output);
          assert.match(result.output, /udp: blocked/, result.output);
          assert.equal(connections, 0, 'the listener heard nothing');
        } else {
          assert.match(result.output, /tcp: connected/, result.output);
          assert.equal(connections, 1);
        }
      },
    );

    it('dispose removes the private home and temp folder', async (t) => {
      const s = use(t);
      if (!s) return;
      const result = await sh('echo "$HOME"; echo "$TMPDIR"');
      const [home, tmp] = result.output.trim().split('\n');
      assert.ok(home && existsSync(home) && tmp && existsSync(tmp), result.output);
      await s.dispose();
      sandbox = undefined;
      assert.equal(existsSync(home!), false);
      assert.equal(existsSync(tmp!), false);
    });
  });
}

describe('level none when the runner has no Landlock either', () => {
  it('falls back to none without the helper, and says plainly there is no isolation', async (t) => {
    if (process.platform !== 'linux') return t.skip('Linux only');
    const job = await makeJobLayout();
    t.after(() => job.cleanup());
    const sandbox = await detectSandbox(
      optionsFor(job, { runCommandProbe: noNamespaces, uid: 1000, landlockHelper: null }),
    );
    t.after(() => sandbox.dispose());
    assert.equal(sandbox.level, 'none');
    assert.match(describeSandbox(sandbox), /this runner gives commands no isolation/);
  });

  it('falls back to none when the kernel refuses Landlock, naming why', async (t) => {
    if (!helper) return t.skip('the Landlock helper is not built (npm run build)');
    const job = await makeJobLayout();
    t.after(() => job.cleanup());
    const noLandlock: ProbeRunner = (argv) =>
      argv[0] === helper
        ? runProbe([helper, '--deny-namespaces', '--deny-landlock', '--', ...argv])
        : noNamespaces(argv);
    const sandbox = await detectSandbox(optionsFor(job, { runCommandProbe: noLandlock, uid: 1000 }));
    t.after(() => sandbox.dispose());
    assert.equal(sandbox.level, 'none');
    assert.match(sandbox.notes.join('; '), /Landlock: .*(Function not implemented|unavailable)/);
  });
});

describe("the helper's test mode (a job container's seccomp profile)", () => {
  it('refuses namespaces to the program it starts, and with --deny-landlock Landlock too', (t) => {
    if (!helper) return t.skip('the Landlock helper is not built (npm run build)');
    const unshare = spawnSync(
      helper,
      ['--deny-namespaces', '--', 'unshare', '--user', '--map-root-user', 'true'],
      {
        encoding: 'utf8',
      },
    );
    assert.notEqual(unshare.status, 0);
    assert.match(unshare.stderr, /Operation not permitted/);
    const probe = spawnSync(helper, ['--deny-namespaces', '--deny-landlock', '--', helper, '--probe'], {
      encoding: 'utf8',
    });
    assert.equal(probe.status, 1);
    assert.match(probe.stdout, /landlock unavailable/);
    // Forks still work (clone without namespace flags, clone3 falling back to clone).
    const fork = spawnSync(helper, ['--deny-namespaces', '--', '/bin/sh', '-c', 'echo $( echo nested )'], {
      encoding: 'utf8',
    });
    assert.equal(fork.stdout.trim(), 'nested');
  });
});
