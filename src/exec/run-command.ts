/**
 * Runs one command for the agent: started by the sandbox, in its own process group, with
 * no stdin, a scrubbed environment passed in by the caller, a wall-clock timeout and the job's
 * AbortSignal both killing the whole group (SIGTERM, then SIGKILL). stdout and stderr are the
 * log file itself, so the child writes its output straight to disk in the order it printed it;
 * a watchdog reads the file as it grows into the bounded head+tail buffer, with one reused read
 * buffer, and cuts the file back when it passes its size cap. Nothing in this process grows with
 * the output.
 */
import { randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { COMMAND_LOG_READ_BYTES, COMMAND_LOG_SLACK_BYTES, COMMAND_WATCH_INTERVAL_MS } from '../limits.js';
import type { Sandbox, SandboxedCommand } from '../sandbox/sandbox.js';
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
  /** The full log is cut back to this size whenever it passes it (a note in the log and the output says so). */
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
  /** The command printed more than the cap: the log on disk holds its first `maxLogBytes` bytes only. */
  logCapped: boolean;
}

/** Runs the command to completion (or until killed); never rejects for the command's own failure. */
export async function runCommand(options: RunCommandOptions): Promise<RunCommandResult> {
  await mkdir(options.logDir, { recursive: true });
  const fullLogPath = path.join(options.logDir, `command-${Date.now()}-${randomUUID().slice(0, 8)}.log`);
  // Append mode: after the watchdog cuts the file, the child's next write lands at the new end.
  const log = await open(fullLogPath, 'a', 0o600);
  const reader = await open(fullLogPath, 'r');
  const output = new RollingOutput(options.limits ?? defaultOutputLimits);
  const watch = new LogWatch(reader, log, output, options.maxLogBytes ?? 256 * 1024 * 1024);
  const started = performance.now();

  let command: SandboxedCommand;
  try {
    command = options.sandbox.start(options.argv, {
      cwd: options.cwd,
      env: options.env,
      output: { fd: log.fd, path: fullLogPath },
    });
  } catch (error) {
    await Promise.all([log.close(), reader.close()]);
    throw error;
  }
  // The watchdog stops after the group is killed, so nothing writes the log after its last read.
  let commandEnded = () => {};
  const watching = watch.run(new Promise<void>((resolve) => (commandEnded = resolve)));

  let timedOut = false;
  let cancelled = false;
  let graceTimer: NodeJS.Timeout | undefined;
  const stop = () => {
    command.kill('SIGTERM');
    graceTimer ??= setTimeout(() => command.kill('SIGKILL'), options.killGraceMs ?? 2_000);
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
  const result = await command.exited;
  clearTimeout(timer);
  if (graceTimer) clearTimeout(graceTimer);
  options.signal?.removeEventListener('abort', onAbort);
  // Whatever the command left running in its group goes too.
  command.kill('SIGKILL');
  commandEnded();
  // Also after a timeout or a kill: whatever the command got to create must reach the runner.
  // The round runs on while the model answers; the runner's own tools and git settle it first.
  options.sandbox.afterCommand?.();
  await watching;
  const logCapped = await watch.finish();
  await Promise.all([log.close(), reader.close()]);
  if (result.error) output.push(Buffer.from(`could not start ${options.argv[0]}: ${result.error.message}\n`));

  const { output: rendered, droppedLines } = output.render();
  const notes = [
    ...(logCapped
      ? [`[the full log was capped at ${watch.maxBytes} bytes; later output is in this excerpt only]`]
      : []),
  ];
  const text = [rendered, ...notes].join('\n');
  return {
    exitCode: result.error ? 127 : result.code,
    signal: result.signal ?? undefined,
    timedOut,
    cancelled,
    durationMs: Math.round(performance.now() - started),
    output: text,
    fullLogPath,
    droppedLines,
    logCapped,
  };
}

/**
 * Follows the log while the command writes it: every byte is read once into the rolling
 * output, and the file is cut back to `maxBytes` whenever it has passed it, so a flood never
 * fills the disk. What the child writes between the last read and a cut is lost to the excerpt
 * too, so the dropped-line count of a capped log can be low; the final tail, read after the
 * command ended, is whole.
 */
class LogWatch {
  private readonly buffer = Buffer.allocUnsafe(COMMAND_LOG_READ_BYTES);
  private position = 0;
  private capped = false;

  constructor(
    private readonly reader: FileHandle,
    private readonly writer: FileHandle,
    private readonly output: RollingOutput,
    readonly maxBytes: number,
  ) {}

  /** Reads until `ended` resolves, then once more to the end of the file. */
  async run(ended: Promise<unknown>): Promise<void> {
    let done = false;
    void ended.then(() => {
      done = true;
    });
    for (;;) {
      const wasDone = done;
      await this.drain();
      if (wasDone) return;
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, COMMAND_WATCH_INTERVAL_MS))]);
    }
  }

  private async drain(): Promise<void> {
    for (;;) {
      const { bytesRead } = await this.reader.read(this.buffer, 0, this.buffer.length, this.position);
      if (bytesRead === 0) return;
      this.output.push(this.buffer.subarray(0, bytesRead));
      this.position += bytesRead;
      // Cut when the reader has caught up, so only what the child writes in that instant is lost
      // unread; a reader that cannot keep up cuts anyway once the log is a slack past its cap.
      const caughtUp = bytesRead < this.buffer.length;
      if (
        this.position > this.maxBytes &&
        (caughtUp || this.position > this.maxBytes + COMMAND_LOG_SLACK_BYTES)
      ) {
        await this.writer.truncate(this.maxBytes);
        this.position = this.maxBytes;
        this.capped = true;
      }
      if (caughtUp) return;
    }
  }

  /** After the command: notes the cap at the end of the log; says whether there was one. */
  async finish(): Promise<boolean> {
    if (this.capped) await this.writer.write(`\n[log truncated at ${this.maxBytes} bytes]\n`);
    return this.capped;
  }
}
