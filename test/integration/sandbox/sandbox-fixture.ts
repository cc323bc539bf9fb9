/**
 * A throw-away job layout for the sandbox tests: a workspace (with `.git`), the job's temp folder
 * and a "runner home" holding secrets, and helpers to run commands through a sandbox for real.
 */
import { chmod, mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DetectSandboxOptions, ManagedSandbox } from '../../../src/sandbox/detect-sandbox.js';
import { detectSandbox } from '../../../src/sandbox/detect-sandbox.js';
import { type ProbeRunner, runProbe } from '../../../src/sandbox/host-probe.js';
import type { Sandbox } from '../../../src/sandbox/sandbox.js';

export interface JobLayout {
  root: string;
  workspace: string;
  tempDir: string;
  runnerHome: string;
  /** A tool folder under the runner home that is on PATH, like `~/.cargo/bin`. */
  toolDir: string;
  /** Secret files a command must not read: in the runner home, and owner-only (mode 600) elsewhere. */
  homeSecret: string;
  ownerOnlySecret: string;
  cleanup(): Promise<void>;
}

export const SECRET_TEXT = 'sandbox-test-secret-7f3a91';

export async function makeJobLayout(): Promise<JobLayout> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'sandbox-test-'));
  await chmod(root, 0o755);
  const runnerHome = path.join(root, 'home', 'runner');
  const workspace = path.join(runnerHome, 'work', 'repo', 'repo');
  const tempDir = path.join(runnerHome, 'work', '_temp');
  await mkdir(path.join(workspace, '.git'), { recursive: true });
  await mkdir(tempDir, { recursive: true });
  await mkdir(path.join(runnerHome, '.ssh'), { recursive: true, mode: 0o700 });
  const homeSecret = path.join(runnerHome, '.npmrc');
  await writeFile(homeSecret, `//registry.npmjs.org/:_authToken=${SECRET_TEXT}\n`, { mode: 0o644 });
  await writeFile(path.join(runnerHome, '.ssh', 'id_ed25519'), SECRET_TEXT, { mode: 0o600 });
  await writeFile(path.join(workspace, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  const toolDir = path.join(runnerHome, '.local', 'bin');
  await mkdir(toolDir, { recursive: true });
  // In a folder commands see (read-only), so only file permissions (a separate user) keep it out
  // of reach. The shared temporary folders (/tmp, /var/tmp …) are private inside the sandbox.
  const ownerOnlySecret = path.join(toolDir, 'owner-only.txt');
  await writeFile(ownerOnlySecret, SECRET_TEXT, { mode: 0o600 });
  await writeFile(path.join(toolDir, 'hello-tool'), '#!/bin/sh\necho hello-from-tool\n', { mode: 0o755 });
  await writeFile(path.join(workspace, 'README.md'), '# repo\n');
  return {
    root,
    workspace,
    tempDir,
    runnerHome,
    toolDir,
    homeSecret,
    ownerOnlySecret,
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

/** The folder holding the Node binary, kept read-only in case it sits under a hidden folder. */
export const nodeDir = path.dirname(path.dirname(process.execPath));

/** The same layout as the action would pass: the runner home hidden, the job temp folder. */
export function optionsFor(job: JobLayout, extra: Partial<DetectSandboxOptions> = {}): DetectSandboxOptions {
  const home = os.homedir();
  return {
    setting: 'auto',
    network: 'off',
    workspace: job.workspace,
    tempDir: job.tempDir,
    platform: process.platform,
    hidePaths: [job.runnerHome, ...(process.execPath.startsWith(`${home}/`) ? [home] : [])],
    readOnlyPaths: [nodeDir],
    path: `${job.toolDir}:/usr/bin:/bin`,
    uid: process.getuid?.(),
    ...extra,
  };
}

/** A probe runner that refuses `sudo -n true`, so detection has to fall back to user namespaces. */
export const noSudo: ProbeRunner = async (argv) =>
  argv[1] === '-n' && argv[2] === 'true'
    ? { exitCode: 1, stdout: '', stderr: 'sudo: a password is required (simulated)' }
    : runProbe(argv);

/** Detects with the given options, or returns the reason the level is not available here. */
export async function tryLevel(
  job: JobLayout,
  extra: Partial<DetectSandboxOptions>,
  wanted: (s: ManagedSandbox) => boolean,
): Promise<ManagedSandbox | string> {
  const sandbox = await detectSandbox(optionsFor(job, extra));
  if (wanted(sandbox)) return sandbox;
  await sandbox.dispose();
  return `not available on this runner: got ${sandbox.level} (${sandbox.notes.join('; ')})`;
}

export interface RunResult {
  exitCode: number | null;
  output: string;
}

/** Runs argv through the sandbox the way run-command does: own process group, small env, a log file. */
export async function runIn(
  sandbox: Sandbox,
  argv: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<RunResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-run-'));
  const logPath = path.join(dir, 'output.log');
  const log = await open(logPath, 'a', 0o600);
  try {
    const command = sandbox.start(argv, {
      cwd,
      env: { PATH: `${path.dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`, LANG: 'C', ...env },
      output: { fd: log.fd, path: logPath },
    });
    const exit = await command.exited;
    command.kill('SIGKILL');
    if (exit.error) throw exit.error;
    return { exitCode: exit.code, output: await readFile(logPath, 'utf8') };
  } finally {
    await log.close();
    await rm(dir, { recursive: true, force: true });
  }
}
