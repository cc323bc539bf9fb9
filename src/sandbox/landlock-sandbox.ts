/**
 * Level `landlock`: where the runner gives neither sudo nor user namespaces (job containers,
 * locked-down self-hosted runners) but the kernel has Landlock (ABI 3 or later) and seccomp, every
 * command starts through the small native helper `landlock-exec` (built from
 * `native/landlock-exec.c` into `dist/`), which confines itself and execs the command. It enforces
 * what the namespaces enforce as far as a process can without them: writes only beneath the
 * workspace's entries (not `.git`, `.github`, nor the workspace's own top level, so neither can be
 * replaced) and a private home and temp folder; the job's temp folder, the runner's home and work
 * root and the shared temporary folders unreadable; no network with `network: off` (no socket at
 * all but a route-netlink one; a `network: on` run keeps TCP and UDP, never Unix sockets); no
 * ptrace, `/proc/<pid>/environ` or signals reaching the action; no System V or POSIX IPC;
 * no_new_privs and no capabilities. What it cannot do: hide the runner's other readable files, or
 * give a private loopback.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DetectSandboxOptions, ManagedSandbox } from './detect-sandbox.js';
import { type ProbeRunner, probeFailure } from './host-probe.js';
import { hiddenPaths, readOnlyUnderHidden, runLevelCheck } from './level-check.js';
import { PROTECTED_ENTRIES } from './protected-paths.js';
import type { Protection, Sandbox, SandboxLaunch } from './sandbox.js';
import { spawnCommand } from './spawn-command.js';

/** The helper's file name for this machine's architecture, as `scripts/build-native.mjs` names it. */
export const LANDLOCK_HELPER = `landlock-exec-${process.arch}`;

/** Devices every command may write (and `ioctl`): the sinks and sources programs open by name. */
const DEVICES = ['/dev/null', '/dev/zero', '/dev/full', '/dev/random', '/dev/urandom', '/dev/tty'];

/**
 * Finds the helper next to the running bundle (`dist/index.js`, `dist/cli/index.js`) or, run from
 * source, in `dist/` of the repository; undefined when it was not built for this architecture.
 */
export function findLandlockHelper(from: string = import.meta.url): string | undefined {
  const here = path.dirname(fileURLToPath(from));
  const candidates = [here, path.dirname(here), path.join(here, '..', '..', 'dist')];
  return candidates.map((dir) => path.join(dir, LANDLOCK_HELPER)).find((file) => existsSync(file));
}

/** Everything that fixes how the helper confines each command. */
export interface LandlockConfig {
  helper: string;
  workspace: string;
  /** The private HOME and TMPDIR, writable; removed on dispose. */
  home: string;
  tmp: string;
  /** Unreadable folders (the job's temp folder, the runner's home, the shared temporary folders). */
  hide: readonly string[];
  /** Folders under a hidden one that stay readable (tool folders on PATH). */
  readOnly: readonly string[];
  network: 'off' | 'on';
}

/** The helper's argv for `argv`, and the environment with the private HOME and TMPDIR. No I/O. */
export function landlockLaunch(
  config: LandlockConfig,
  argv: readonly string[],
  env: Record<string, string> = {},
): SandboxLaunch {
  if (!argv[0]) throw new Error('empty argv');
  const each = (option: string, values: readonly string[]) => values.flatMap((v) => [option, v]);
  const args = [
    '--read',
    '/',
    // Of /dev only the devices below: the rest is the runner's terminals and the hardware.
    ...each('--hide', [...config.hide, '/dev']),
    ...each('--read', config.readOnly),
    ...each('--write', [config.home, config.tmp]),
    '--write-inside',
    config.workspace,
    ...each('--protect', PROTECTED_ENTRIES),
    ...each('--device', DEVICES),
    '--network',
    config.network,
    '--',
    ...argv,
  ];
  return { file: config.helper, args, env: { ...env, HOME: config.home, TMPDIR: config.tmp } };
}

/** What level `landlock` still lacks: everything a namespace or another uid would give. */
export const LANDLOCK_MISSING: Protection[] = ['pid-namespace', 'network-namespace', 'separate-user'];

/**
 * Sets up level `landlock` when `helper` exists and the kernel has Landlock ABI 3 or later, and
 * proves it by running a command through it; throws the reason it cannot (for the notes).
 */
export async function detectLandlock(
  options: DetectSandboxOptions,
  run: ProbeRunner,
  helper: string | undefined,
): Promise<ManagedSandbox> {
  if (!helper) throw new Error(`Landlock: the helper was not built for ${process.arch}`);
  const probe = await run([helper, '--probe']);
  const abi = Number(/^landlock (\d+)$/m.exec(probe.stdout)?.[1] ?? 0);
  if (probe.exitCode !== 0 || abi < 3)
    throw new Error(
      `Landlock: ${abi > 0 ? `ABI ${abi} is older than 3` : probeFailure([helper, '--probe'], probe)}`,
    );
  const baseDir = path.join(options.tempDir, `agentsbx-${process.pid}-${Date.now().toString(36)}`);
  const { home, tmp } = await makeLandlockFolders(baseDir);
  const hide = hiddenPaths(options);
  const readOnly = readOnlyUnderHidden(options, hide);
  const { network, workspace } = options;
  const sandbox = createLandlockSandbox({ helper, workspace, home, tmp, hide, readOnly, network }, baseDir);
  const check = await runLevelCheck(sandbox, options);
  if (check !== undefined) {
    await sandbox.dispose();
    throw new Error(`landlock check in the workspace failed: ${check}`);
  }
  return {
    ...sandbox,
    network,
    notes: [`Landlock ABI ${abi}`],
    reachable:
      "commands run as the runner's user under Landlock: they can write only inside the workspace's folders (not `.git`, `.github` or the workspace's top level) and a private home, but read whatever the runner can outside the hidden folders",
    settle: async () => undefined,
  };
}

/** The private folders of one job, in `baseDir` (under the job's temp folder). */
async function makeLandlockFolders(baseDir: string): Promise<{ home: string; tmp: string }> {
  const home = path.join(baseDir, 'home');
  const tmp = path.join(baseDir, 'tmp');
  await mkdir(home, { recursive: true, mode: 0o700 });
  await mkdir(tmp, { recursive: true, mode: 0o700 });
  return { home, tmp };
}

/** The sandbox that starts each command through the helper; `dispose` removes `baseDir`. */
export function createLandlockSandbox(
  config: LandlockConfig,
  baseDir: string,
): Sandbox & { dispose(): Promise<void> } {
  return {
    level: 'landlock',
    missing: config.network === 'on' ? ['pid-namespace', 'separate-user'] : LANDLOCK_MISSING,
    start(argv, { cwd, env, output, stdio }) {
      return spawnCommand(landlockLaunch(config, argv, env), { cwd, output, ...(stdio ? { stdio } : {}) });
    },
    dispose: () => rm(baseDir, { recursive: true, force: true }),
  };
}
