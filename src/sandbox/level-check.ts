/**
 * What every level shares at set-up: the folders it hides and keeps readable, and the check that
 * proves a level works before it is chosen, by running a command through it the way commands
 * will run.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { SYSTEM_PATH } from './host-probe.js';
import type { Sandbox } from './sandbox.js';

/** The folders a level is set up around. */
export interface LevelFolders {
  /** The checked-out repository. */
  workspace: string;
  /** The job's temp folder (RUNNER_TEMP). */
  tempDir: string;
  /** Folders commands must not see, e.g. the runner user's home. */
  hidePaths?: readonly string[];
  /** Folders under a hidden one that commands need read-only, e.g. `~/.rustup`. */
  readOnlyPaths?: readonly string[];
  /** The commands' PATH: its folders under a hidden folder stay visible read-only. */
  path?: string;
}

/**
 * Folders every level hides: the job's temp folder, the shared temporary folders (what a command
 * leaves there would outlive the job, and the throw-away user's uid is recycled on self-hosted
 * runners) and those the caller names.
 */
export function hiddenPaths(folders: Pick<LevelFolders, 'tempDir' | 'hidePaths'>): string[] {
  return [
    ...new Set([folders.tempDir, '/tmp', '/dev/shm', '/var/tmp', '/run/lock', ...(folders.hidePaths ?? [])]),
  ];
}

/** Existing tool folders to keep readable: `readOnlyPaths`, and PATH folders under a hidden one. */
export function readOnlyUnderHidden(
  folders: Pick<LevelFolders, 'path' | 'readOnlyPaths'>,
  hide: readonly string[],
): string[] {
  const under = (p: string) => hide.some((h) => p.startsWith(`${h}/`));
  const fromPath = (folders.path ?? '').split(':').filter((p) => path.isAbsolute(p) && under(p));
  return [...new Set([...(folders.readOnlyPaths ?? []), ...fromPath])].filter((p) => existsSync(p));
}

const CHECK_TIMEOUT_MS = 30_000;

/**
 * Runs the start-up check through `sandbox`: the workspace is readable and writable from inside,
 * and so is the private home. Returns the command's output when it fails.
 */
export async function runLevelCheck(
  sandbox: Sandbox,
  folders: Pick<LevelFolders, 'workspace' | 'tempDir'>,
): Promise<string | undefined> {
  const dir = await mkdtemp(path.join(folders.tempDir, 'agentsbx-check-'));
  const logPath = path.join(dir, 'check.log');
  const log = await open(logPath, 'a', 0o600);
  try {
    const command = sandbox.start(['/bin/sh', '-c', 'test -r . && test -w . && test -w "$HOME"'], {
      cwd: folders.workspace,
      env: { PATH: SYSTEM_PATH, LANG: 'C' },
      output: { fd: log.fd, path: logPath },
    });
    const timer = setTimeout(() => command.kill('SIGKILL'), CHECK_TIMEOUT_MS);
    const exit = await command.exited;
    clearTimeout(timer);
    if (exit.code === 0) return undefined;
    const output = (await readFile(logPath, 'utf8')).trim();
    return exit.error?.message ?? (output || `exit ${exit.code ?? exit.signal}`);
  } finally {
    await log.close();
    await rm(dir, { recursive: true, force: true });
  }
}
