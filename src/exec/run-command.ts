/**
 * Runs one command for the agent: through the sandbox launcher, in its own process group, with
 * no stdin, a scrubbed environment passed in by the caller, a wall-clock timeout and the job's
 * AbortSignal both killing the whole group (SIGTERM, then SIGKILL), and output kept in a
 * bounded head+tail buffer while the full log streams to a file.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { execa } from 'execa';
import type { Sandbox } from '../sandbox/sandbox.js';
import { defaultOutputLimits, RollingOutput, type RollingOutputLimits } from './rolling-output.js';

export interface RunCommandOptions {
  argv: readonly string[];
  cwd: string;
  /** The complete environment of the child (see `scrubbedEnv`); nothing else is inherited. */
  env: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
  sandbox: Sandbox;
  /** Directory for the full log (under RUNNER_TEMP); created if missing. */
  logDir: string;
  limits?: RollingOutputLimits;
  /** Time between SIGTERM and SIGKILL. */
  killGraceMs?: number;
  /** The full log stops growing past this size (a note says so). */
  maxLogBytes?: number;
}

export interface RunCommandResult {
  /** `null` when the process was ended by a signal. */
  exitCode: number | null;
  signal: string | undefined;
  timedOut: boolean;
  cancelled: boolean;
  durationMs: number;
  /** Head and tail of stdout+stderr, interleaved as they arrived. */
  output: string;
  fullLogPath: string;
  droppedLines: number;
}

/** Runs the command to completion (or until killed); never rejects for the command's own failure. */
export async function runCommand(options: RunCommandOptions): Promise<RunCommandResult> {
  const { file, args } = options.sandbox.launch(options.argv, { cwd: options.cwd });
  await mkdir(options.logDir, { recursive: true });
  const fullLogPath = path.join(options.logDir, `command-${Date.now()}-${randomUUID().slice(0, 8)}.log`);
  const log = createWriteStream(fullLogPath);
  const output = new RollingOutput(options.limits ?? defaultOutputLimits);
  const maxLogBytes = options.maxLogBytes ?? 256 * 1024 * 1024;
  let logBytes = 0;
  const started = performance.now();

  const child = execa(file, args, {
    cwd: options.cwd,
    env: options.env,
    extendEnv: false,
    stdin: 'ignore',
    detached: true, // its own process group, so a kill reaches grandchildren too
    buffer: false,
    reject: false,
    encoding: 'buffer',
  });

  const streams = [child.stdout, child.stderr].filter((s): s is Readable => s !== null);
  for (const stream of streams) {
    stream.on('data', (chunk: Uint8Array) => {
      output.push(chunk);
      if (logBytes < maxLogBytes) {
        logBytes += chunk.length;
        // Back-pressure: stop reading while the log file catches up, so memory stays bounded.
        if (!log.write(chunk)) {
          for (const s of streams) s.pause();
          log.once('drain', () => {
            for (const s of streams) s.resume();
          });
        }
      }
    });
  }

  let timedOut = false;
  let cancelled = false;
  let graceTimer: NodeJS.Timeout | undefined;
  const killGroup = (sig: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, sig);
    } catch {
      // the group is already gone
    }
  };
  const stop = () => {
    killGroup('SIGTERM');
    graceTimer ??= setTimeout(() => killGroup('SIGKILL'), options.killGraceMs ?? 2_000);
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, options.timeoutMs);
  const onAbort = () => {
    cancelled = true;
    stop();
  };
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  // When the command itself exits, whatever it left running in its group goes too.
  child.once('exit', () => killGroup('SIGKILL'));

  const result = await child;
  clearTimeout(timer);
  if (graceTimer) clearTimeout(graceTimer);
  options.signal?.removeEventListener('abort', onAbort);
  killGroup('SIGKILL');
  // Also after a timeout or a kill: whatever the command got to create must reach the runner.
  const handBackProblem = await options.sandbox.afterCommand?.();
  if (logBytes >= maxLogBytes) log.write(`\n[log truncated at ${maxLogBytes} bytes]\n`);
  await new Promise<void>((resolve) => log.end(resolve));

  const { output: rendered, droppedLines } = output.render();
  const text = handBackProblem
    ? `${rendered}\n[sandbox: the files this command created could not be handed back: ${handBackProblem}]`
    : rendered;
  return {
    exitCode: result.exitCode ?? null,
    signal: result.signal ?? undefined,
    timedOut,
    cancelled,
    durationMs: Math.round(performance.now() - started),
    output: text,
    fullLogPath,
    droppedLines,
  };
}
