/**
 * How long what a command starts lives, and when the runner gets its files, at each level this
 * process's runner mode reaches (as root: root and, through the real command helper started with
 * sudo, sudo; as a runner user with passwordless sudo: sudo; without: userns): a file the
 * throw-away user makes owner-only is readable and editable by the file tools right after the
 * command; a command killed by its timeout leaves no process behind, daemons included; the
 * action dying (the command helper's stdin closing) kills a running command; and with the helper
 * itself killed outright, disposing of the sandbox still leaves nothing of the command running.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runCommand } from '../../../src/exec/run-command.js';
import type { DetectSandboxOptions, ManagedSandbox } from '../../../src/sandbox/detect-sandbox.js';
import { unsandboxed } from '../../../src/sandbox/sandbox.js';
import { createDefaultRegistry } from '../../../src/tools/default-registry.js';
import { settleFirst } from '../../../src/tools/settled-registry.js';
import { processesWith, waitFor } from '../../helpers/processes.js';
import { EXPECTED_LEVEL, runnerMode } from '../../helpers/runner-mode.js';
import { type JobLayout, makeJobLayout, noSudo, optionsFor, tryLevel } from './sandbox-fixture.js';

const mode = runnerMode();
const uid = process.getuid?.() ?? 0;
/** As root, a uid that is not root makes detection take the sudo path (sudo works for root). */
const levels: { want: string; extra: Partial<DetectSandboxOptions> }[] =
  mode === 'root'
    ? [
        { want: 'root+unshare', extra: {} },
        { want: 'sudo+unshare', extra: { uid: 1000 } },
      ]
    : [{ want: EXPECTED_LEVEL[mode], extra: mode === 'user' ? { runCommandProbe: noSudo } : {} }];
/** Runs a clean-up command as root (directly, or through sudo as a runner user). */
const asRoot = (argv: string[]) => {
  const full = uid === 0 ? argv : ['sudo', '-n', '--', ...argv];
  spawnSync(full[0]!, full.slice(1), { stdio: 'ignore' });
};
const context = { callId: 'call-1', signal: new AbortController().signal };

for (const level of levels) {
  describe(`command lifetime at ${level.want} as a ${mode} runner`, () => {
    let job: JobLayout;
    let sandbox: ManagedSandbox | string;
    const use = (t: TestContext): ManagedSandbox | undefined => {
      if (typeof sandbox === 'string') t.skip(sandbox);
      return typeof sandbox === 'string' ? undefined : sandbox;
    };
    const run = (s: ManagedSandbox, script: string, timeoutMs = 60_000) =>
      runCommand({
        argv: ['/bin/sh', '-c', script],
        cwd: job.workspace,
        env: { PATH: '/usr/bin:/bin' },
        timeoutMs,
        killGraceMs: 300,
        sandbox: s,
        logDir: path.join(job.tempDir, 'logs'),
      });

    before(async () => {
      job = await makeJobLayout();
      sandbox = await tryLevel(job, level.extra, (s) => s.level === level.want);
    });
    after(async () => {
      if (typeof sandbox !== 'string') await sandbox.dispose();
      await job.cleanup();
    });

    it('the file tools read and edit an owner-only file a command made, right after it', async (t) => {
      const s = use(t);
      if (!s) return;
      const tools = settleFirst(createDefaultRegistry({ workspace: job.workspace }), s);
      const made = await run(
        s,
        'mkdir -p gen/deep && echo "secret = 1" > gen/deep/private.txt && chmod 600 gen/deep/private.txt',
      );
      assert.equal(made.exitCode, 0, made.output);
      const read = await tools.get('read_file')!.execute({ path: 'gen/deep/private.txt' }, context);
      assert.equal(read.isError, false, read.output);
      assert.match(read.output, /secret = 1/);
      const edit = await tools
        .get('edit_file')!
        .execute(
          { path: 'gen/deep/private.txt', old_string: 'secret = 1', new_string: 'secret = 2' },
          context,
        );
      assert.equal(edit.isError, false, edit.output);
      assert.equal(await readFile(path.join(job.workspace, 'gen/deep/private.txt'), 'utf8'), 'secret = 2\n');
      if (s.workspaceAccess?.kind === 'idmap') {
        // Through the idmapped mount the file is the runner's on disk: nothing to hand back.
        assert.equal(s.afterCommand, undefined);
        assert.equal((await stat(path.join(job.workspace, 'gen/deep/private.txt'))).uid, uid);
      } else if (s.userName && uid !== 0) {
        // Control: the same file from a sandbox that never hands back stays out of the runner's reach.
        const { afterCommand: _, settle: __, ...noHandBack } = s;
        const kept = await run(
          { ...noHandBack, settle: async () => undefined },
          'echo x > gen/kept.txt && chmod 600 gen/kept.txt',
        );
        assert.equal(kept.exitCode, 0, kept.output);
        await assert.rejects(tools.get('read_file')!.execute({ path: 'gen/kept.txt' }, context), {
          code: 'EACCES',
        });
        await s.settle();
      }
    });

    it('a command killed by its timeout leaves no process behind, daemons included', async (t) => {
      const s = use(t);
      if (!s) return;
      const marker = `2000.${Date.now() % 1_000_000_000}`;
      t.after(async () => {
        for (const pid of await processesWith(marker)) process.kill(pid, 'SIGKILL');
      });
      // The shell ignores SIGTERM, so the kill has to escalate to SIGKILL.
      const script = `trap '' TERM; sleep ${marker} & setsid sleep ${marker} & nohup sleep ${marker} >/dev/null 2>&1 & wait; wait`;
      let seen = 0;
      const watching = (async () => {
        for (let i = 0; i < 400 && seen < 3; i++) {
          seen = Math.max(seen, (await processesWith(marker)).length);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      })();
      const result = await run(s, script, 3_000);
      await watching;
      assert.equal(seen, 3, 'the three sleepers were running before the timeout');
      assert.equal(result.timedOut, true);
      const gone = await waitFor(async () => (await processesWith(marker)).length === 0, 5_000);
      assert.equal(gone, true, `survivors: ${(await processesWith(marker)).join(', ')}`);
    });

    it('a command that exits leaves no daemon behind by the time its exit is seen (the guard relies on it)', async (t) => {
      const s = use(t);
      if (!s) return;
      const marker = `2500.${Date.now() % 1_000_000_000}`;
      t.after(async () => {
        for (const pid of await processesWith(marker)) process.kill(pid, 'SIGKILL');
      });
      // Each daemon would write the workspace long after the command: the guard of the action's git
      // reuses its attribute listing only because none of them can.
      const script = `(setsid sleep ${marker} &) ; nohup sleep ${marker} >/dev/null 2>&1 & sleep ${marker} & sleep 0.3; echo started`;
      const result = await run(s, script);
      assert.equal(result.exitCode, 0, result.output);
      assert.match(result.output, /started/);
      // No waiting: the PID namespace's processes are reaped before its first process is.
      assert.deepEqual(await processesWith(marker), []);
      // Control: without the namespace levels the same daemons live on (so the guard never reuses there).
      const outside = await run(unsandboxed as ManagedSandbox, script);
      assert.equal(outside.exitCode, 0, outside.output);
      assert.ok((await processesWith(marker)).length >= 1, 'no daemon outlived the unsandboxed command');
    });

    it('the action dying kills a running command (the command helper sees its stdin close)', async (t) => {
      if (!use(t)) return;
      const marker = `3000.${Date.now() % 1_000_000_000}`;
      t.after(async () => {
        for (const pid of await processesWith(marker)) process.kill(pid, 'SIGKILL');
      });
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          fileURLToPath(new URL('./dying-action.ts', import.meta.url)),
          JSON.stringify(optionsFor(job, level.extra)),
          `sleep ${marker} & setsid sleep ${marker} & nohup sleep ${marker} >/dev/null 2>&1 & wait`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env } },
      );
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      const closed = new Promise((resolve) => child.on('close', resolve));
      t.after(() => {
        // The dead action never disposed of its sandbox: remove its throw-away user here.
        const user = /^user (agentsbx-\S+)$/m.exec(stdout)?.[1];
        if (!user) return;
        asRoot(['userdel', '--force', user]);
        asRoot(['rm', '-rf', '--one-file-system', path.join(job.tempDir, user)]);
      });
      const started = await waitFor(async () => (await processesWith(marker)).length === 3, 30_000);
      assert.equal(started, true, `three sleepers started:\n${stdout}`);
      assert.match(stdout, new RegExp(`^level ${level.want.replace('+', '\\+')}$`, 'm'));
      child.kill('SIGKILL');
      await closed;
      const gone = await waitFor(async () => (await processesWith(marker)).length === 0, 10_000);
      assert.equal(gone, true, `survivors: ${(await processesWith(marker)).join(', ')}`);
    });
  });
}

describe(`a command helper killed outright, as a ${mode} runner`, () => {
  const level = levels.at(-1)!;
  it('leaves nothing running once the sandbox is disposed of (the throw-away user is cleared first)', async (t) => {
    const job = await makeJobLayout();
    t.after(() => job.cleanup());
    const sandbox = await tryLevel(
      job,
      level.extra,
      (s) => s.level === level.want && s.userName !== undefined,
    );
    if (typeof sandbox === 'string') return t.skip(sandbox);
    let disposed = false;
    t.after(async () => {
      if (!disposed) await sandbox.dispose();
    });
    const marker = `4000.${Date.now() % 1_000_000_000}`;
    t.after(async () => {
      for (const pid of await processesWith(marker)) process.kill(pid, 'SIGKILL');
    });
    const logPath = path.join(job.root, 'helper-killed.log');
    const log = await open(logPath, 'a', 0o600);
    t.after(() => log.close());
    const command = sandbox.start(['/bin/sh', '-c', `sleep ${marker} & setsid sleep ${marker} & wait`], {
      cwd: job.workspace,
      env: { PATH: '/usr/bin:/bin' },
      output: { fd: log.fd, path: logPath },
    });
    assert.equal(await waitFor(async () => (await processesWith(marker)).length === 2, 10_000), true);
    const helpers = await ownHelpers();
    assert.equal(helpers.length, 1, `one command helper of this process: ${helpers.join(', ')}`);
    asRoot(['kill', '-KILL', String(helpers[0])]);
    assert.match((await command.exited).error?.message ?? '', /command helper is not running/);
    // Control: with the helper gone, nothing has stopped the command yet.
    assert.equal((await processesWith(marker)).length, 2, 'the command outlived its helper');
    await sandbox.dispose();
    disposed = true;
    const gone = await waitFor(async () => (await processesWith(marker)).length === 0, 10_000);
    assert.equal(gone, true, `survivors: ${(await processesWith(marker)).join(', ')}`);
  });
});

/** Command helpers started by this test process (directly, or through sudo). */
async function ownHelpers(): Promise<number[]> {
  const parent = async (pid: number) =>
    Number(/^PPid:\s+(\d+)/m.exec(await readFile(`/proc/${pid}/status`, 'utf8').catch(() => ''))?.[1] ?? 0);
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.includes('const running = new Map();') || cmdline.split('\0')[0] !== process.execPath)
      continue;
    for (let pid = Number(entry); pid > 1; pid = await parent(pid))
      if (pid === process.pid) {
        found.push(Number(entry));
        break;
      }
  }
  return found;
}
