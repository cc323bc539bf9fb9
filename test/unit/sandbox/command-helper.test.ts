import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { type CommandHelper, startCommandHelper } from '../../../src/sandbox/command-helper.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'root-runner-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let logs = 0;
const newLog = () => {
  const file = path.join(dir, `log-${++logs}`);
  writeFileSync(file, '', { mode: 0o600 });
  return file;
};
const sh = (script: string, env: Record<string, string> = { PATH: '/usr/bin:/bin' }) => ({
  file: '/bin/sh',
  args: ['-c', script, 'sh'],
  env,
});

/** True while `pid` exists and is not a zombie. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Pids a command wrote to its log, one a line, once `count` are there. */
async function pidsIn(log: string, count: number): Promise<number[]> {
  const read = () => readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map(Number);
  await until(() => read().length >= count);
  return read();
}

// Run as this process's own user: the helper does not care who it is, only sudo makes it root.
describe('startCommandHelper', () => {
  let runner: CommandHelper;
  it('starts, runs argv verbatim with exactly the given environment, and appends to the log', async () => {
    runner = await startCommandHelper([]);
    const log = newLog();
    writeFileSync(log, 'before\n');
    const args = ['line\nbreak', 'quo\'te"s', '$(id) `id`', '', 'ünï ✓'];
    const command = runner.start(
      {
        file: '/bin/sh',
        args: ['-c', 'for a in "$@"; do printf "<%s>\\n" "$a"; done; env | sort; pwd; exit 3', 'sh', ...args],
        env: { PATH: '/usr/bin:/bin', ONLY: 'this' },
      },
      { cwd: dir, logPath: log },
    );
    assert.deepEqual(await command.exited, { code: 3, signal: null });
    const text = readFileSync(log, 'utf8');
    assert.ok(text.startsWith('before\n'), 'appended, not overwritten');
    for (const a of args)
      assert.ok(text.includes(`<${a}>`), `argument ${JSON.stringify(a)} arrived verbatim`);
    const env = text
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l) && !l.startsWith('PWD=') && !l.startsWith('SHLVL='));
    assert.deepEqual(env, ['ONLY=this', 'PATH=/usr/bin:/bin']);
    assert.match(text, new RegExp(`^${dir}$`, 'm'));
  });

  it('reports a signal, and runs commands concurrently', async () => {
    const signalled = runner.start(sh('kill -TERM $$'), { cwd: dir, logPath: newLog() });
    assert.deepEqual(await signalled.exited, { code: null, signal: 'SIGTERM' });
    // The first waits for a file only the second creates: it ends only if both run at once.
    const flag = path.join(dir, 'flag');
    const waiter = runner.start(sh(`while [ ! -e ${flag} ]; do sleep 0.02; done; echo saw`), {
      cwd: dir,
      logPath: newLog(),
    });
    const maker = runner.start(sh(`sleep 0.1; : > ${flag}`), { cwd: dir, logPath: newLog() });
    const guard = setTimeout(() => waiter.kill('SIGKILL'), 20_000);
    assert.deepEqual(await Promise.all([waiter.exited, maker.exited]), [
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    clearTimeout(guard);
  });

  it('kills the whole group on request, and what a finished command left in its group', async () => {
    const log = newLog();
    const command = runner.start(sh('sleep 300 & echo $!; sleep 300 & echo $!; wait'), {
      cwd: dir,
      logPath: log,
    });
    const pids = await pidsIn(log, 2);
    assert.ok(pids.every(alive));
    command.kill('SIGTERM');
    assert.deepEqual(await command.exited, { code: null, signal: 'SIGTERM' });
    await until(() => !pids.some(alive));

    const leftLog = newLog();
    const left = runner.start(sh('sleep 300 & echo $!'), { cwd: dir, logPath: leftLog });
    assert.deepEqual(await left.exited, { code: 0, signal: null });
    const [orphan] = await pidsIn(leftLog, 1);
    await until(() => !alive(orphan!));
    left.kill('SIGKILL'); // after the end: nothing to do, no error
  });

  it('refuses a log reached through a symlink, and a program that does not exist', async () => {
    const target = newLog();
    const link = path.join(dir, 'link.log');
    symlinkSync(target, link);
    const refused = await runner.start(sh('echo no'), { cwd: dir, logPath: link }).exited;
    assert.equal(refused.code, null);
    assert.match(refused.error?.message ?? '', /ELOOP|symbolic link/);
    assert.equal(readFileSync(target, 'utf8'), '');
    const missing = await runner.start(
      { file: '/nonexistent/x', args: [], env: {} },
      { cwd: dir, logPath: newLog() },
    ).exited;
    assert.match(missing.error?.message ?? '', /ENOENT/);
  });

  it('relays a server’s stdin and stdout to a Unix socket, its stderr still to the log', async () => {
    const socketPath = path.join(dir, 'server.sock');
    const listener = net.createServer();
    await new Promise<void>((resolve) => listener.listen(socketPath, resolve));
    const connected = new Promise<net.Socket>((resolve) => listener.once('connection', resolve));
    const log = newLog();
    const server = runner.start(sh('echo started >&2; while read -r line; do echo "got $line"; done'), {
      cwd: dir,
      logPath: log,
      socketPath,
    });
    const socket = await connected;
    listener.close();
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.write('one\ntwo\n');
    await until(() => answer === 'got one\ngot two\n');
    socket.end();
    assert.deepEqual(
      await server.exited,
      { code: 0, signal: null },
      'the end of the socket is the end of stdin',
    );
    assert.equal(readFileSync(log, 'utf8'), 'started\n');
  });

  it('kills every running command when its stdin closes, and answers later starts as not running', async () => {
    const log = newLog();
    const command = runner.start(sh('sleep 300 & echo $!; setsid sleep 300 & echo $!; wait'), {
      cwd: dir,
      logPath: log,
    });
    const pids = await pidsIn(log, 2);
    await runner.stop();
    const exit = await command.exited;
    assert.equal(exit.code, null);
    // Its own group dies; a `setsid` escapee is left to the PID namespace (see the integration tests).
    await until(() => !alive(pids[0]!));
    if (alive(pids[1]!)) process.kill(pids[1]!, 'SIGKILL');
    const late = await runner.start(sh('true'), { cwd: dir, logPath: newLog() }).exited;
    assert.match(late.error?.message ?? '', /command helper is not running/);
  });
});
