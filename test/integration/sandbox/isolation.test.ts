/**
 * Real processes through each sandbox level this machine allows: what a command the agent runs
 * (e.g. a test it just wrote) can and cannot reach. A level the kernel forbids is skipped with the
 * reason detection gave.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { open, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import type { DetectSandboxOptions, ManagedSandbox } from '../../../src/sandbox/detect-sandbox.js';
import { runProbe } from '../../../src/sandbox/host-probe.js';
import { unsandboxed } from '../../../src/sandbox/sandbox.js';
import { processesWith, waitFor } from '../../helpers/processes.js';
import { type JobLayout, makeJobLayout, noSudo, runIn, SECRET_TEXT, tryLevel } from './sandbox-fixture.js';

const levels: {
  name: string;
  extra: Partial<DetectSandboxOptions>;
  wanted: (s: ManagedSandbox) => boolean;
}[] = [
  {
    name: 'root or passwordless sudo (namespaces + throw-away user)',
    extra: {},
    wanted: (s) => s.level !== 'none' && s.missing.length === 0,
  },
  {
    // As root, pretending to be the runner user, so the command helper is started through sudo.
    name: 'passwordless sudo (command helper through sudo)',
    extra: { uid: process.getuid?.() === 0 ? 1000 : process.getuid?.() },
    wanted: (s) => s.level === 'sudo+unshare',
  },
  {
    name: 'unprivileged user namespace (no sudo)',
    extra: { runCommandProbe: noSudo, uid: process.getuid?.() === 0 ? 1000 : process.getuid?.() },
    wanted: (s) => s.level === 'userns',
  },
];

for (const level of levels) {
  describe(`sandbox level: ${level.name}`, () => {
    let job: JobLayout;
    let sandbox: ManagedSandbox | string;
    const use = (t: TestContext): ManagedSandbox | undefined => {
      if (typeof sandbox === 'string') t.skip(sandbox);
      return typeof sandbox === 'string' ? undefined : sandbox;
    };

    before(async () => {
      job = await makeJobLayout();
      sandbox = await tryLevel(job, level.extra, level.wanted);
      if (typeof sandbox !== 'string') console.log(`level ${sandbox.level}, user ${sandbox.userName ?? '-'}`);
    });
    after(async () => {
      if (typeof sandbox !== 'string') await sandbox.dispose();
      await job.cleanup();
    });

    it('cannot see the action or read a planted secret from any /proc/*/environ', async (t) => {
      const s = use(t);
      if (!s) return;
      const planted = spawn('sleep', ['30'], { env: { PATH: '/usr/bin:/bin', PLANTED_TOKEN: SECRET_TEXT } });
      t.after(() => planted.kill('SIGKILL'));
      // Positive control: without the sandbox the secret is right there.
      assert.match(await readFile(`/proc/${planted.pid}/environ`, 'utf8'), new RegExp(SECRET_TEXT));
      const script = `for p in /proc/[0-9]*; do echo "$p: $(tr '\\0' ' ' < $p/cmdline)"; cat $p/environ; echo; done
        cat /proc/${planted.pid}/environ /proc/${process.pid}/environ /proc/${process.ppid}/environ
        ls /proc | grep -c '^[0-9]'`;
      const result = await runIn(s, ['/bin/sh', '-c', script], job.workspace);
      assert.doesNotMatch(result.output, new RegExp(SECRET_TEXT));
      assert.match(result.output, /\/proc\/\d+: \/bin\/sh -c for p in/, 'the listing itself ran');
      const count = Number(result.output.trim().split('\n').at(-1));
      assert.ok(count < 5, `only the command's own processes are visible, saw ${count}:\n${result.output}`);
    });

    it('cannot reach a TCP listener on a non-loopback address; loopback works', async (t) => {
      const s = use(t);
      if (!s) return;
      const address = Object.values(os.networkInterfaces())
        .flat()
        .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
      if (!address) return t.skip('this machine has no non-loopback IPv4 address to listen on');
      let connections = 0;
      const server = net.createServer((socket) => {
        connections++;
        socket.on('error', () => {});
        socket.end('hello\n');
      });
      await new Promise<void>((resolve) => server.listen(0, address, resolve));
      t.after(() => server.close());
      const port = (server.address() as net.AddressInfo).port;
      const probe = path.join(job.workspace, 'reach.mjs');
      await writeFile(
        probe,
        `import net from 'node:net';
const [host, port] = process.argv.slice(2);
const tryConnect = (h, p) => new Promise((resolve) => {
  const s = net.connect({ host: h, port: Number(p), timeout: 2000 }, () => { s.destroy(); resolve('connected'); });
  s.on('error', (e) => resolve('blocked ' + e.code));
  s.on('timeout', () => { s.destroy(); resolve('blocked timeout'); });
});
console.log('remote:', await tryConnect(host, port));
try { await fetch('http://' + host + ':' + port + '/', { signal: AbortSignal.timeout(2000) }); console.log('fetch: connected'); }
catch (e) { console.log('fetch: blocked', e.cause?.code ?? e.name); }
const local = net.createServer((c) => c.end()).listen(0, '127.0.0.1');
await new Promise((r) => local.on('listening', r));
console.log('loopback:', await tryConnect('127.0.0.1', local.address().port));
local.close();
`,
      );
      // Positive control: the listener is reachable from outside the sandbox.
      assert.match(
        (await runIn(unsandboxed, [process.execPath, probe, address, String(port)], job.workspace)).output,
        /remote: connected/,
      );
      const before = connections;
      const result = await runIn(s, [process.execPath, probe, address, String(port)], job.workspace);
      assert.match(result.output, /remote: blocked/);
      assert.match(result.output, /fetch: blocked/);
      assert.match(result.output, /loopback: connected/);
      assert.equal(connections, before, 'the listener received nothing from inside');
    });

    it("cannot read the runner user's home (and, as a separate user, owner-only files)", async (t) => {
      const s = use(t);
      if (!s) return;
      const script = `cat "${job.homeSecret}"; ls -la "${job.runnerHome}" "${job.runnerHome}/.ssh"; cat "${job.runnerHome}/.ssh/id_ed25519"; cat "${job.ownerOnlySecret}"`;
      const result = await runIn(s, ['/bin/sh', '-c', script], job.workspace);
      const leaks = result.output.split('\n').filter((line) => line.includes(SECRET_TEXT));
      if (s.missing.includes('separate-user')) {
        // Same uid as the runner: hiding covers the home, but mode 600 files elsewhere stay readable.
        assert.deepEqual(leaks, [SECRET_TEXT]);
      } else assert.deepEqual(leaks, []);
      assert.match(result.output, /\.npmrc: No such file or directory/, 'the home folder is covered inside');
    });

    it('keeps PATH folders under the hidden home usable, read-only', async (t) => {
      const s = use(t);
      if (!s) return;
      const script = `hello-tool; echo planted > "${job.toolDir}/evil" || echo refused`;
      const result = await runIn(s, ['/bin/sh', '-c', script], job.workspace, {
        PATH: `${job.toolDir}:/usr/bin:/bin`,
      });
      assert.match(result.output, /hello-from-tool/);
      assert.match(result.output, /refused/);
    });

    it('can read and write the workspace and run `node --test` in it, but not write .git', async (t) => {
      const s = use(t);
      if (!s) return;
      await writeFile(
        path.join(job.workspace, 'sum.test.mjs'),
        `import test from 'node:test'; import assert from 'node:assert/strict'; import fs from 'node:fs';
test('sum', () => { fs.writeFileSync('made-inside.txt', 'ok'); assert.equal(1 + 1, 2); });
`,
      );
      const result = await runIn(s, [process.execPath, '--test'], job.workspace);
      assert.equal(result.exitCode, 0, result.output);
      assert.match(result.output, /pass 1/);
      assert.equal(await readFile(path.join(job.workspace, 'made-inside.txt'), 'utf8'), 'ok');
      // The runner (the action's own edit tools) can still edit what the sandbox created.
      await writeFile(path.join(job.workspace, 'made-inside.txt'), 'edited by the action');
      const git = await runIn(
        s,
        ['/bin/sh', '-c', 'echo "[core] hooksPath=/x" >> .git/config; echo $?; cat .git/HEAD'],
        job.workspace,
      );
      assert.match(git.output, /Read-only file system/);
      assert.match(git.output, /ref: refs\/heads\/main/, '.git stays readable');
      assert.deepEqual((await readdir(path.join(job.workspace, '.git'))).sort(), ['HEAD']);
    });

    it('cannot change, remove, replace or create .git or .github (kernel, not the policy)', async (t) => {
      const s = use(t);
      if (!s) return;
      // The fixture has no .github: a placeholder keeps a command from creating one.
      const result = await runIn(
        s,
        [
          '/bin/sh',
          '-c',
          [
            'mkdir -p .github/workflows && echo pwned > .github/workflows/pwn.yml',
            'rm -rf .github',
            'mv .github gh',
            'echo x > .git/HEAD',
            'mkdir -p .git/hooks',
            'rm -rf .git',
            'mv .git g',
            'echo done',
          ].join('; '),
        ],
        job.workspace,
      );
      assert.match(result.output, /^done$/m);
      assert.match(result.output, /Read-only file system|Device or resource busy/);
      assert.deepEqual(await readdir(path.join(job.workspace, '.github')), []);
      assert.deepEqual(await readdir(path.join(job.workspace, '.git')), ['HEAD']);
      assert.equal(
        await readFile(path.join(job.workspace, '.git', 'HEAD'), 'utf8'),
        'ref: refs/heads/main\n',
      );
    });

    it('writes nothing outside the workspace that outlives the job: private temporary folders and IPC, the rest read-only', async (t) => {
      const s = use(t);
      if (!s) return;
      const marker = `agentsbx-isolation-${process.pid}-${Date.now()}`;
      const hostSegments = async () => (await runProbe(['ipcs', '-m'])).stdout.split('\n');
      const before = new Set(await hostSegments());
      const result = await runIn(
        s,
        [
          '/bin/sh',
          '-c',
          [
            ...['/tmp', '/var/tmp', '/dev/shm', '/run/lock'].map(
              (d) => `if [ -d ${d} ]; then echo x > ${d}/${marker} && echo "wrote ${d}"; fi`,
            ),
            `echo x > /etc/${marker} || echo etc-refused`,
            `echo x > /var/crash/${marker} 2>/dev/null || echo var-crash-refused`,
            `echo x > /usr/local/${marker} || echo usr-local-refused`,
            `ipcmk -M 4096 | grep -o '[0-9]*' > "$HOME/shm-id"; ipcs -m | grep -c "^0x" > "$HOME/shm-count"; echo "ipc $(cat "$HOME/shm-id")"`,
            `python3 -c "import ctypes, os; rt = ctypes.CDLL('librt.so.1', use_errno=True); print('mq', rt.mq_open(b'/${marker}', os.O_CREAT | os.O_RDWR, 0o600, None))" 2>/dev/null || true`,
          ].join('; '),
        ],
        job.workspace,
      );
      for (const d of ['/tmp', '/var/tmp', '/dev/shm']) {
        assert.match(result.output, new RegExp(`^wrote ${d}$`, 'm'), result.output);
        assert.equal(existsSync(path.join(d, marker)), false, `${d} is private inside`);
      }
      if (existsSync('/run/lock')) assert.equal(existsSync(path.join('/run/lock', marker)), false);
      assert.match(result.output, /etc-refused/);
      assert.match(result.output, /usr-local-refused/);
      assert.equal(existsSync(path.join('/etc', marker)), false);
      assert.equal(existsSync(path.join('/usr/local', marker)), false);
      // System V and POSIX IPC objects made inside are not the host's.
      assert.match(result.output, /^ipc \d+$/m, `ipcmk ran inside:\n${result.output}`);
      assert.deepEqual(
        (await hostSegments()).filter((line) => !before.has(line)),
        [],
        'no new shared memory segment on the host',
      );
      const mq = await runProbe([
        'python3',
        '-c',
        `import ctypes, os; rt = ctypes.CDLL('librt.so.1', use_errno=True); print(rt.mq_open(b'/${marker}', os.O_RDONLY, 0, None), ctypes.get_errno())`,
      ]);
      if (mq.exitCode === 0 && /^mq \d+$/m.test(result.output))
        assert.equal(mq.stdout.trim(), '-1 2', 'the queue made inside is not on the host (ENOENT)');
    });

    it('killing the command takes down everything inside, daemons included', async (t) => {
      const s = use(t);
      if (!s) return;
      const marker = `1000.${Date.now() % 1_000_000_000}`;
      const script = `sleep ${marker} & setsid sleep ${marker} & nohup sleep ${marker} >/dev/null 2>&1 & wait`;
      const logPath = path.join(job.root, `kill-${marker}.log`);
      const log = await open(logPath, 'a', 0o600);
      t.after(async () => {
        await log.close();
        for (const pid of await processesWith(marker)) process.kill(pid, 'SIGKILL');
      });
      const command = s.start(['/bin/sh', '-c', script], {
        cwd: job.workspace,
        env: { PATH: '/usr/bin:/bin' },
        output: { fd: log.fd, path: logPath },
      });
      const started = await waitFor(async () => (await processesWith(marker)).length === 3, 10_000);
      assert.equal(started, true, 'three sleepers started');
      command.kill('SIGKILL');
      assert.equal((await command.exited).signal, 'SIGKILL');
      const gone = await waitFor(async () => (await processesWith(marker)).length === 0, 5_000);
      assert.equal(gone, true, `survivors: ${(await processesWith(marker)).join(', ')}`);
    });

    it('dispose gives the workspace back and deletes the throw-away user, leaving nothing it owned', async (t) => {
      const s = use(t);
      if (!s) return;
      const uid = s.userName ? (await runProbe(['id', '-u', s.userName])).stdout.trim() : undefined;
      // What a command can leave: files in every writable place, a daemon, IPC objects.
      const leave = await runIn(
        s,
        [
          '/bin/sh',
          '-c',
          'for d in /tmp /var/tmp /dev/shm /run/lock "$HOME" gen; do mkdir -p "$d" 2>/dev/null; echo x > "$d/left-behind"; done; ipcmk -M 4096 >/dev/null; ipcmk -Q >/dev/null; (nohup sleep 600 >/dev/null 2>&1 &); echo left',
        ],
        job.workspace,
      );
      assert.match(leave.output, /left/);
      await s.dispose();
      const owner = await stat(job.workspace);
      const files = await readdir(job.workspace);
      for (const name of files)
        assert.equal((await stat(path.join(job.workspace, name))).uid, owner.uid, name);
      if (s.userName) {
        assert.notEqual((await runProbe(['getent', 'passwd', s.userName])).exitCode, 0, 'user deleted');
        const acl = await runProbe(['getfacl', '-R', '--skip-base', '--absolute-names', job.workspace]);
        if (acl.exitCode === 0) assert.equal(acl.stdout.trim(), '', 'no ACL left');
        assert.ok(uid && /^\d+$/.test(uid), `the user had a uid: ${uid}`);
        // Its uid will be given to another user: nothing may still be its own.
        // Killed processes may take a moment to be reaped once their namespace's PID 1 is gone.
        const gone = await waitFor(
          async () => (await runProbe(['pgrep', '-u', uid!])).stdout.trim() === '',
          5_000,
        );
        const ps = await runProbe(['ps', '-o', 'pid,stat,cmd', '-u', uid!]);
        assert.equal(gone, true, `no process left:\n${ps.stdout}`);
        const ipc = await runProbe(['ipcs', '-c']);
        assert.doesNotMatch(ipc.stdout, new RegExp(`\\s${uid}\\s`), 'no IPC object left');
        const owned = await runProbe(['find', '/', '-xdev', '-user', uid!, '-print', '-quit']);
        assert.equal(owned.stdout.trim(), '', 'no file left on the root file system');
        for (const dir of ['/tmp', '/var/tmp', '/dev/shm', '/run/lock'].filter((d) => existsSync(d)))
          assert.equal(existsSync(path.join(dir, 'left-behind')), false, dir);
      }
      sandbox = 'disposed';
    });
  });
}

describe('sandbox level: throw-away user sharing the workspace through a group (no setfacl)', () => {
  let job: JobLayout;
  let sandbox: ManagedSandbox | string;
  let owner: { uid: number; gid: number };
  before(async () => {
    job = await makeJobLayout();
    owner = await stat(job.workspace);
    sandbox = await tryLevel(
      job,
      { workspaceAccess: 'group' },
      (s) => s.level !== 'none' && s.missing.length === 0,
    );
  });
  after(async () => {
    if (typeof sandbox !== 'string') await sandbox.dispose();
    await job.cleanup();
  });

  it('writes the workspace, runs node --test, and dispose hands everything back', async (t) => {
    if (typeof sandbox === 'string') return t.skip(sandbox);
    await writeFile(
      path.join(job.workspace, 'w.test.mjs'),
      `import test from 'node:test'; import fs from 'node:fs';
test('writes', () => { fs.mkdirSync('out'); fs.writeFileSync('out/made.txt', 'ok'); });
`,
    );
    const result = await runIn(sandbox, [process.execPath, '--test'], job.workspace);
    assert.equal(result.exitCode, 0, result.output);
    const made = await stat(path.join(job.workspace, 'out', 'made.txt'));
    assert.equal(made.mode & 0o020, 0o020, 'group-writable (umask 002), so the runner can edit it');
    await sandbox.dispose();
    sandbox = 'disposed';
    for (const p of ['out', 'out/made.txt', 'w.test.mjs', 'README.md']) {
      const info = await stat(path.join(job.workspace, p));
      assert.deepEqual([info.uid, info.gid, info.mode & 0o2020], [owner.uid, owner.gid, 0], p);
    }
  });
});
