import { type IdMap, idmapArgs } from './idmapped-workspace.js';
import { letGo, spawnJobProcess, stopJobProcess, waitForReadyLine } from './job-process.js';
import { SETUP_SCRIPT } from './launch-scripts.js';
import type { ReadOnlyMount } from './mount-table.js';
import type { Privilege, SandboxTools } from './namespace-sandbox.js';

/**
 * A folder (or file) bound back inside the namespace, writable or read-only: one a hidden parent
 * would cover, or a protected one (`.git`, `.github`) inside the writable workspace.
 */
export interface KeptPath {
  path: string;
  mode: 'rw' | 'ro';
  /** The flags of the mount it lies on (`nosuid,relatime` …), repeated when it is bound back. */
  flags?: string;
}

export interface HolderOptions {
  privilege: Privilege;
  /** bash when installed (many kept folders), else /bin/sh. */
  shell: string;
  tools: SandboxTools;
  /** `off` gives the holder its own network namespace with loopback up. */
  network: 'off' | 'on';
  /** Existing folders to keep, in mount order (a later one may sit inside an earlier one). */
  keep: readonly KeptPath[];
  /** Folders to cover with an empty tmpfs. */
  hide: readonly string[];
  /** Sockets (or files) to cover with /dev/null, e.g. the Docker socket. */
  mask?: readonly string[];
  /** The runner's mounts, made read-only before the hidden and kept folders are mounted. */
  readOnly?: readonly ReadOnlyMount[];
  /** The workspace shown through an idmapped mount (root and sudo, where the kernel allows it). */
  idmap?: { helper: string; workspace: string; map: IdMap };
}

/** The process that holds the prepared namespaces; commands enter them with `nsenter`. */
export interface NamespaceHolder {
  pid: number;
  /** Mounts that could not be made read-only: commands can write there what their user may. */
  writable: string[];
  /** Closes the holder's stdin so it exits; the namespaces go when the last command inside ends. */
  stop(): Promise<void>;
}

const STICKY = new Set(['/tmp', '/dev/shm', '/var/tmp', '/run/lock']);
/** Each kept folder holds a file descriptor; dash can name 3 to 9 only, bash many more. */
const MAX_KEPT = { dash: 7, bash: 40 };
const READY_TIMEOUT_MS = 15_000;

/**
 * Starts the holder: one mount namespace (the runner's mounts read-only, hidden folders covered
 * with private tmpfs, kept ones bound back, `.git` and `.github` read-only), one IPC namespace
 * (System V and POSIX IPC private to the job) and, with `network: off`, one network namespace with
 * only loopback, set up once per job so each command only has to enter them. Rejects with the
 * holder's stderr if set-up fails.
 */
export async function startNamespaceHolder(options: HolderOptions): Promise<NamespaceHolder> {
  const max = maxKept(options.shell);
  if (options.keep.length > max) throw new Error(`at most ${max} folders can be kept visible`);
  const { tools } = options;
  const unshare = [
    tools.unshare,
    ...(options.privilege === 'userns' ? ['--user', '--map-root-user'] : []),
    '--mount',
    '--propagation=private',
    '--ipc',
    ...(options.network === 'off' ? ['--net'] : []),
    '--',
    options.shell,
    '-c',
    SETUP_SCRIPT,
    'sandbox-setup',
    options.network === 'off' && tools.ip ? tools.ip : '-',
    ...(options.idmap
      ? [options.idmap.helper, ...idmapArgs(options.idmap.workspace, options.idmap.map)]
      : ['-']),
    String(options.keep.length),
    ...options.keep.flatMap((k) => [k.mode, k.flags ?? '', k.path]),
    String(options.readOnly?.length ?? 0),
    ...(options.readOnly ?? []).flatMap((m) => [m.flags, m.path]),
    String(options.hide.length + (options.mask?.length ?? 0)),
    ...options.hide.flatMap((p) => [STICKY.has(p) ? '1777' : '755', p]),
    ...(options.mask ?? []).flatMap((p) => ['null', p]),
  ];
  if (options.privilege === 'sudo' && !tools.sudo) throw new Error('sudo privilege without a sudo binary');
  const argv = options.privilege === 'sudo' ? [tools.sudo!, '-n', '--', ...unshare] : unshare;
  const child = spawnJobProcess(argv);
  let said = '';
  const listen = (chunk: Buffer) => {
    said += chunk.toString();
  };
  child.stdout?.on('data', listen);
  const pid = await waitForReadyLine(child, 'ready', 'namespace set-up', READY_TIMEOUT_MS);
  child.stdout?.off('data', listen);
  const writable = [...said.matchAll(/^writable (.*)$/gm)].map((m) => m[1]!);
  // The action may exit without disposing; then its end of stdin closes and the holder exits.
  letGo(child);
  return {
    pid,
    writable,
    stop() {
      return stopJobProcess(child);
    },
  };
}

/** How many folders a holder run by `shell` can keep visible. */
export function maxKept(shell: string): number {
  return shell.endsWith('/bash') ? MAX_KEPT.bash : MAX_KEPT.dash;
}
