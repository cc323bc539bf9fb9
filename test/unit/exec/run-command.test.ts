import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { runCommand } from '../../../src/exec/run-command.js';
import { scrubbedEnv } from '../../../src/exec/scrubbed-env.js';
import { unsandboxed } from '../../../src/sandbox/sandbox.js';

const cwd = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'run-command-')));
const logDir = path.join(cwd, 'logs');
after(() => rmSync(cwd, { recursive: true, force: true }));

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, LANG: 'C.UTF-8' };
const run = (script: string, extra: Partial<Parameters<typeof runCommand>[0]> = {}) =>
  runCommand({
    argv: ['bash', '--noprofile', '--norc', '-c', script],
    cwd,
    env,
    timeoutMs: 30_000,
    sandbox: unsandboxed,
    logDir,
    ...extra,
  });

/** True while `pid` exists and is not a zombie. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('runCommand', () => {
  it('returns the exit code and interleaved stdout/stderr, in the given cwd, without stdin', async () => {
    const result = await run('pwd; echo out; echo err >&2; cat; exit 3');
    assert.equal(result.exitCode, 3);
    assert.equal(result.timedOut, false);
    assert.equal(result.output, `${cwd}\nout\nerr`);
    assert.equal(readFileSync(result.fullLogPath, 'utf8'), `${cwd}\nout\nerr\n`);
  });

  it('kills the whole process group on timeout, grandchildren included', async () => {
    const script = [
      'sleep 300 & echo $!',
      'bash -c \'trap "" TERM; sleep 300 & echo $!; wait\' &',
      'echo $!',
      'wait',
    ].join('\n');
    const result = await run(script, { timeoutMs: 1_000, killGraceMs: 300 });
    assert.equal(result.timedOut, true);
    assert.equal(result.exitCode, null);
    const pids = result.output
      .split('\n')
      .filter((l) => /^\d+$/.test(l))
      .map(Number);
    assert.ok(pids.length >= 3, `pids: ${result.output}`);
    await new Promise((r) => setTimeout(r, 200));
    for (const pid of pids) assert.equal(alive(pid), false, `process ${pid} survived`);
  });

  it('kills the group when the signal aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const result = await run('echo started; sleep 300', { signal: controller.signal });
    assert.equal(result.cancelled, true);
    assert.equal(result.timedOut, false);
    assert.equal(result.output, 'started');
  });

  it('keeps a `yes | head` flood to a bounded head and tail, with the full log on disk', async () => {
    const result = await run('yes | head -n 2000000');
    assert.equal(result.exitCode, 0);
    assert.equal(result.droppedLines, 2_000_000 - 1_000);
    assert.match(result.output, /\[\.\.\. 1999000 lines dropped \.\.\.\]/);
    assert.equal(statSync(result.fullLogPath).size, 4_000_000);
  });

  it('stays within bounded memory while a command prints 256 MB', async () => {
    globalThis.gc?.();
    const before = process.memoryUsage().heapUsed;
    const line = 'a'.repeat(99);
    const result = await run(`yes ${line} | head -c 268435456`, { maxLogBytes: 1_000_000 });
    const growth = process.memoryUsage().heapUsed - before;
    assert.equal(result.exitCode, 0);
    assert.ok(result.output.length <= 41_000, `${result.output.length} characters of output`);
    assert.ok(statSync(result.fullLogPath).size < 1_200_000, 'the log stops at maxLogBytes');
    assert.ok(growth < 64 * 1024 * 1024, `heap grew by ${growth} bytes`);
  });

  it('cuts the log back to its cap, says so, and still shows the last lines printed', async () => {
    const result = await run('yes 0123456789 | head -n 500000; echo the-last-line', { maxLogBytes: 100_000 });
    assert.equal(result.exitCode, 0);
    assert.equal(result.logCapped, true);
    const log = readFileSync(result.fullLogPath, 'utf8');
    assert.ok(log.startsWith('0123456789\n'.repeat(9_000)), 'the log keeps the first bytes printed');
    assert.match(log, /\n\[log truncated at 100000 bytes\]\n$/);
    assert.ok(log.length < 100_100, `${log.length} bytes on disk`);
    assert.match(
      result.output,
      /the-last-line\n\[the full log was capped at 100000 bytes; later output is in this excerpt only\]$/,
    );
  });

  it('reports an uncapped log as such', async () => {
    const result = await run('echo short');
    assert.equal(result.logCapped, false);
    assert.equal(result.output, 'short');
  });

  it('gives the child none of the secrets in the parent environment', async () => {
    const parent = {
      ...process.env,
      GITHUB_TOKEN: 'ghs_parentsecretparentsecret0000',
      'INPUT_API-KEY': 'sk-parentsecretparentsecret',
      ACTIONS_RUNTIME_TOKEN: 'runtime-secret-value',
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-secret-value',
    };
    const result = await run('env', { env: scrubbedEnv(parent) });
    for (const secret of [
      'parentsecret',
      'runtime-secret-value',
      'oidc-secret-value',
      'GITHUB_TOKEN',
      'INPUT_',
    ]) {
      assert.ok(!result.output.includes(secret), `${secret} leaked`);
    }
    assert.match(result.output, /^PATH=/m);
  });
});

describe('runCommand with a sandbox that hands files back', () => {
  it('starts the hand-back after every command, killed ones too, and does not wait for it', async () => {
    const calls: string[] = [];
    const sandbox = {
      ...unsandboxed,
      afterCommand() {
        calls.push('after');
      },
    };
    const ok = await run('echo fine', { sandbox });
    assert.equal(ok.exitCode, 0);
    assert.deepEqual(calls, ['after']);
    const killed = await run('sleep 30', { sandbox, timeoutMs: 200, killGraceMs: 100 });
    assert.equal(killed.timedOut, true);
    assert.deepEqual(calls, ['after', 'after']);
  });
});
