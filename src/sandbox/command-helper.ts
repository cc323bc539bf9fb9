/**
 * The action's side of the job's command helper (see `command-helper-script.ts`): started once
 * per job (through `sudo -n` at the `sudo` level, so it is root and commands can enter the
 * namespaces), it starts each command and hands back a {@link SandboxedCommand}. Spawning from
 * this small process costs no more than from the action, and when the action dies its stdin
 * closes, which kills every command still running.
 */
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { COMMAND_HELPER_SCRIPT } from './command-helper-script.js';
import { letGo, spawnJobProcess, stopJobProcess } from './job-process.js';
import type { CommandExit, SandboxedCommand, SandboxLaunch } from './sandbox.js';

/** The job's command helper. */
export interface CommandHelper {
  /**
   * Starts `launch` in `cwd`, its output appended to the log file at `logPath`; with `socketPath`,
   * its stdin and stdout are relayed to that Unix socket and only stderr goes to the log.
   */
  start(
    launch: SandboxLaunch,
    options: { cwd: string; logPath: string; socketPath?: string },
  ): SandboxedCommand;
  /** Closes the helper's stdin: it kills what still runs and exits. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 15_000;

interface Answer {
  id?: number;
  ready?: number;
  code?: number | null;
  signal?: NodeJS.Signals | null;
  error?: string;
}

/**
 * Starts the helper with `prefix` (`sudo -n --`, or nothing) in front of `node -e`, and resolves
 * once it says it is ready; rejects with its stderr when it cannot start.
 */
export async function startCommandHelper(prefix: readonly string[]): Promise<CommandHelper> {
  const argv = [...prefix, process.execPath, '-e', COMMAND_HELPER_SCRIPT];
  const child = spawnJobProcess(argv);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  const pending = new Map<number, (exit: CommandExit) => void>();
  let ready: (pid: number) => void = () => {};
  const readyPid = new Promise<number>((resolve) => (ready = resolve));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const answer = parse(line);
    if (answer?.ready !== undefined) return ready(answer.ready);
    const settle = answer?.id === undefined ? undefined : pending.get(answer.id);
    if (!settle) return;
    pending.delete(answer!.id!);
    refWhileBusy();
    settle(
      answer!.error !== undefined
        ? { code: null, signal: null, error: new Error(answer!.error) }
        : { code: answer!.code ?? null, signal: answer!.signal ?? null },
    );
  });
  const gone = () =>
    `the sandbox's command helper is not running${stderr.trim() ? `: ${lastLine(stderr)}` : ''}`;
  child.on('error', () => {}); // answered as "not running"
  await waitForReady(child, readyPid, () => stderr);
  child.on('exit', () => {
    for (const settle of pending.values()) settle({ code: null, signal: null, error: new Error(gone()) });
    pending.clear();
  });
  // The action may exit without stopping it; then its end of stdin closes and the helper exits.
  letGo(child);
  const stdout = child.stdout as unknown as { ref?: () => void; unref?: () => void } | null;
  // Referenced while a command runs, so the process waits for its answer; unreferenced between.
  const refWhileBusy = () => (pending.size > 0 ? stdout?.ref?.() : stdout?.unref?.());
  let nextId = 1;
  const send = (request: Record<string, unknown>) => child.stdin!.write(`${JSON.stringify(request)}\n`);

  return {
    start(launch, { cwd, logPath, socketPath }) {
      const id = nextId++;
      const exited = new Promise<CommandExit>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null || !child.stdin?.writable)
          return resolve({ code: null, signal: null, error: new Error(gone()) });
        pending.set(id, resolve);
        refWhileBusy();
        const socket = socketPath ? { socket: socketPath } : {};
        send({
          op: 'start',
          id,
          file: launch.file,
          args: launch.args,
          env: launch.env,
          cwd,
          log: logPath,
          ...socket,
        });
      });
      return {
        exited,
        kill(signal) {
          if (pending.has(id) && child.stdin?.writable) send({ op: 'kill', id, signal });
        },
      };
    },
    stop() {
      return stopJobProcess(child);
    },
  };
}

async function waitForReady(child: ChildProcess, ready: Promise<number>, stderr: () => string) {
  let timer: NodeJS.Timeout | undefined;
  let onError = (_: Error) => {};
  let onExit = (_: number | null) => {};
  const failed = new Promise<never>((_, reject) => {
    const fail = (why: string) => {
      child.kill('SIGKILL');
      const detail = stderr().trim() ? `: ${lastLine(stderr())}` : '';
      reject(new Error(`the sandbox's command helper ${why}${detail}`));
    };
    timer = setTimeout(() => fail('did not start in time'), READY_TIMEOUT_MS);
    onError = (error) => fail(`could not start (${error.message})`);
    onExit = (code) => fail(`exited with ${code}`);
    child.once('error', onError);
    child.once('exit', onExit);
  });
  try {
    await Promise.race([ready, failed]);
  } finally {
    clearTimeout(timer);
    child.off('error', onError);
    child.off('exit', onExit);
  }
}

function parse(line: string): Answer | undefined {
  try {
    return JSON.parse(line) as Answer;
  } catch {
    return undefined;
  }
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}
