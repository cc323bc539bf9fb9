/**
 * Runs one command line the way the bash tool does (`bash --noprofile --norc -c …` through the
 * sandbox's `runCommand`), under `strace -f`, and returns the parsed trace. strace runs inside the
 * sandbox as the command's own first process, so it sees exactly the command's process tree; it
 * writes its log into the sandbox's private HOME, which the test reads from outside.
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { runCommand } from '../../src/exec/run-command.js';
import { agentCommandEnv } from '../../src/exec/scrubbed-env.js';
import type { Sandbox } from '../../src/sandbox/sandbox.js';
import { parseStraceLog, TRACED_CALLS, type TraceEvent } from './strace-log.js';

export const STRACE = ['/usr/bin/strace', '/bin/strace'].find((p) => existsSync(p));

/** The environment the oracle's commands get: the bash tool's, built from a small runner environment. */
export function commandEnv(workspace: string): Record<string, string> {
  return agentCommandEnv({ PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8', CI: 'true' }, workspace);
}

export interface TracedRun {
  events: TraceEvent[];
  exitCode: number | null;
  output: string;
  timedOut: boolean;
}

/** The HOME a command sees in `sandbox` (private to the sandbox; readable from outside by its path). */
export async function sandboxHome(sandbox: Sandbox, cwd: string, logDir: string): Promise<string> {
  const result = await runCommand({
    argv: ['/bin/sh', '-c', 'printf "HOME=%s\\n" "$HOME"'],
    cwd,
    env: commandEnv(cwd),
    timeoutMs: 30_000,
    sandbox,
    logDir,
  });
  await sandbox.settle?.();
  const home = /HOME=(\/\S+)/.exec(result.output)?.[1];
  if (!home) throw new Error(`could not learn the sandbox's HOME: ${result.output}`);
  return home;
}

/**
 * Removes what a command left in the sandbox's private /tmp and HOME, which outlive it (each
 * command enters the same namespaces), so one case cannot plant something the next one reads.
 * Only the named entries, never crossing into another mount: the workspace and HOME are bind
 * mounts that may sit below /tmp.
 */
export async function cleanScratch(
  sandbox: Sandbox,
  entries: readonly string[],
  cwd: string,
  logDir: string,
): Promise<void> {
  if (entries.length === 0) return;
  await runCommand({
    argv: ['rm', '-rf', '--one-file-system', '--', ...entries],
    cwd,
    env: commandEnv(cwd),
    timeoutMs: 30_000,
    sandbox,
    logDir,
  });
  await sandbox.settle?.();
}

let counter = 0;

/** Runs `command` in `cwd` through `sandbox` under strace; `home` is the sandbox's HOME. */
export async function runTraced(options: {
  sandbox: Sandbox;
  command: string;
  cwd: string;
  home: string;
  logDir: string;
  timeoutMs: number;
}): Promise<TracedRun> {
  if (!STRACE) throw new Error('strace is not installed');
  const traceFile = path.join(options.home, `.oracle-trace-${process.pid}-${counter++}.log`);
  const result = await runCommand({
    argv: [
      STRACE,
      '-f',
      '-qq',
      '-y',
      '-s',
      '4096',
      '-o',
      traceFile,
      '-e',
      `trace=${TRACED_CALLS.join(',')}`,
      'bash',
      '--noprofile',
      '--norc',
      '-c',
      options.command,
    ],
    cwd: options.cwd,
    env: commandEnv(options.cwd),
    timeoutMs: options.timeoutMs,
    sandbox: options.sandbox,
    logDir: options.logDir,
  });
  await options.sandbox.settle?.();
  const log = await readFile(traceFile, 'utf8').catch(() => '');
  await rm(traceFile, { force: true });
  if (log === '') throw new Error(`strace wrote no log (exit ${result.exitCode}): ${result.output}`);
  return {
    events: parseStraceLog(log, options.cwd),
    exitCode: result.exitCode,
    output: result.output,
    timedOut: result.timedOut,
  };
}
