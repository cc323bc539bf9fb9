/**
 * The long-lived helpers a sandbox keeps for the job (the namespace holder, the command helper,
 * the hand-back helper, the egress forwarder) start, let go and stop the same way, written once
 * here. Each reads its orders on stdin and exits when stdin closes, so the action dying (its end of
 * the pipe closing) ends them too, and none of them may keep the action's event loop alive.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { SYSTEM_PATH } from './host-probe.js';

/** How long a helper gets to exit after its stdin closed before it is killed. */
const STOP_GRACE_MS = 5_000;

/** Starts `argv` with piped stdio, in `/`, with only the system PATH and the C locale. */
export function spawnJobProcess(argv: readonly string[]): ChildProcess {
  return spawn(argv[0]!, argv.slice(1), {
    env: { PATH: SYSTEM_PATH, LANG: 'C' },
    stdio: ['pipe', 'pipe', 'pipe'],
    cwd: '/',
  });
}

/** Lets the action exit while the helper runs: the process and its pipes no longer hold the event loop. */
export function letGo(child: ChildProcess): void {
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr])
    (stream as { unref?: () => void } | null)?.unref?.();
}

/** Closes the helper's stdin so it exits, and kills it if it has not after a grace period. */
export async function stopJobProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.stdin?.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * Waits for the helper's "ready" line (`<word> <number>`, e.g. `ready 4242`, `listening 39511`) and
 * returns the number; kills it and rejects naming `what` and its first line of errors when it
 * exits, cannot start, or says nothing within `timeoutMs`.
 */
export async function waitForReadyLine(
  child: ChildProcess,
  word: string,
  what: string,
  timeoutMs: number,
): Promise<number> {
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const line = new RegExp(`^${word} (\\d+)$`, 'm');
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      const detail = stderr.trim().split('\n')[0];
      reject(new Error(`${what} ${why}${detail ? `: ${detail}` : ''}`));
    };
    const timer = setTimeout(() => fail('did not start in time'), timeoutMs);
    child.on('error', (error) => fail(`could not start (${error.message})`));
    child.on('exit', (code) => fail(`exited with ${code}`));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = line.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve(Number(match[1]));
    });
  });
}
