import { existsSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type CommandHelper, startCommandHelper } from './command-helper.js';
import { networkEntry } from './egress-forwarder.js';
import { type HandBack, startHandBack } from './hand-back.js';
import { findExecutable, type ProbeRunner, probeFailure, runProbe } from './host-probe.js';
import { findIdmapHelper, type IdMap, probeIdmap } from './idmapped-workspace.js';
import { detectLandlock, findLandlockHelper } from './landlock-sandbox.js';
import { hiddenPaths, readOnlyUnderHidden, runLevelCheck } from './level-check.js';
import { mountFlagsOf, mountsToMakeReadOnly, readMountinfo } from './mount-table.js';
import type { KeptPath } from './namespace-holder.js';
import { maxKept, type NamespaceHolder, startNamespaceHolder } from './namespace-holder.js';
import { createNamespaceSandbox, type Privilege, type SandboxTools } from './namespace-sandbox.js';
import { type ProtectedPaths, prepareProtectedPaths } from './protected-paths.js';
import { type Protection, plainLaunch, type Sandbox } from './sandbox.js';
import {
  createSandboxUser,
  removeSandboxUser,
  type SandboxUser,
  type WorkspaceAccess,
} from './sandbox-user.js';
import { spawnCommand } from './spawn-command.js';

export interface DetectSandboxOptions {
  /** The `sandbox` input. */
  setting: 'auto' | 'strict' | 'off';
  /** The `network` input: `off` leaves commands loopback only. */
  network: 'off' | 'on';
  /** The checked-out repository; commands can read and write it, but not its `.git`. */
  workspace: string;
  /** The job's temp folder (RUNNER_TEMP): hidden from commands, and home of the private HOME. */
  tempDir: string;
  platform: NodeJS.Platform;
  /** Folders commands must not see, e.g. the runner user's home (the workspace stays visible). */
  hidePaths?: readonly string[];
  /** Folders under a hidden one that commands need read-only, e.g. `~/.rustup`. */
  readOnlyPaths?: readonly string[];
  /** The commands' PATH: its folders under a hidden folder (e.g. `~/.cargo/bin`) stay visible read-only. */
  path?: string;
  /** Runs the fixed probe and set-up commands; tests inject failures here. */
  runCommandProbe?: ProbeRunner;
  /** The action's uid (default `process.getuid()`); 0 counts as passwordless sudo. */
  uid?: number;
  /**
   * How the throw-away user writes the workspace; default `idmap` where the kernel and filesystem
   * allow it, else `acl` when setfacl is installed, else `group`.
   */
  workspaceAccess?: WorkspaceAccess;
  /** The idmap-mount helper (default: found next to the bundle); `null` leaves idmapped mounts out. */
  idmapHelper?: string | null;
  /** The Landlock helper (default: found next to the bundle); `null` leaves level `landlock` out. */
  landlockHelper?: string | null;
}

/** A sandbox chosen at start-up, with what it could not provide and why; dispose it at the end. */
export interface ManagedSandbox extends Sandbox {
  network: 'off' | 'on';
  /** Why stronger levels were not used, one line each. */
  notes: string[];
  /** Name of the throw-away user, when there is one. */
  userName?: string;
  /**
   * With a throw-away user: how it writes the workspace (`acl` and `group` touched every file and
   * hand files back after each command), and why not through an idmapped mount.
   */
  workspaceAccess?: { kind: WorkspaceAccess; why?: string };
  /** Without a separate user: what commands can still write besides the workspace, for the summary. */
  reachable?: string;
  /**
   * With its own network namespace: the argv prefix that starts a program inside it, in the
   * action's mount namespace and as the action's user (the egress forwarder).
   */
  enterNetwork?: readonly string[];
  /** Awaits the hand-back of what commands created (at once without a throw-away user). */
  settle(): Promise<string | undefined>;
  /** Stops the namespace holder, gives the workspace back and deletes the throw-away user. */
  dispose(): Promise<void>;
}

/** Thrown by `sandbox: strict` when the runner cannot isolate commands fully. */
export class SandboxUnavailableError extends Error {
  override name = 'SandboxUnavailableError';
}

const ALL: Protection[] = ['pid-namespace', 'network-namespace', 'separate-user'];
/**
 * Sockets that hand out root: the runner user is in the `docker` group on GitHub-hosted runners,
 * and in a user namespace its groups cannot be dropped, so these are covered instead.
 */
const ROOT_SOCKETS = [
  '/run/docker.sock',
  '/var/run/docker.sock',
  '/run/containerd/containerd.sock',
  '/run/podman/podman.sock',
];

/**
 * Probes what isolation actually works on this runner, strongest first: root or passwordless
 * sudo (namespaces plus a throw-away user), then unprivileged user namespaces, then Landlock and
 * seccomp through the native helper (`landlock`), then none. Each level is verified by running a
 * command through it before it is chosen. `strict` throws a {@link SandboxUnavailableError}
 * naming what is missing (it accepts only the first level); `auto` returns the strongest level
 * with `missing` and `notes` filled in; `off` returns no isolation.
 */
export async function detectSandbox(options: DetectSandboxOptions): Promise<ManagedSandbox> {
  const notes: string[] = [];
  const fail = (missing: Protection[]) =>
    new SandboxUnavailableError(
      `sandbox: strict, but this runner cannot provide ${missing.join(', ')}` +
        (notes.length ? ` (${notes.join('; ')})` : '') +
        '. Give the action passwordless sudo or unprivileged user namespaces, or set sandbox: auto.',
    );
  if (options.setting === 'off') return none(options, ['`sandbox: off` (unsafe for public repositories)']);
  if (options.platform !== 'linux') {
    notes.push(`${options.platform} has no Linux namespaces`);
    if (options.setting === 'strict') throw fail(ALL);
    return none(options, notes);
  }
  const run = options.runCommandProbe ?? runProbe;
  const tools = await findTools();
  const chosen = tools.kind === 'ok' ? await strongest(options, run, tools.tools, notes) : undefined;
  if (tools.kind === 'missing') notes.push(`not installed: ${tools.names.join(', ')}`);
  const landlock =
    chosen || options.landlockHelper === null
      ? undefined
      : await attempt(notes, () =>
          detectLandlock(options, run, options.landlockHelper ?? findLandlockHelper()),
        );
  const sandbox = chosen ?? landlock ?? none(options, notes);
  if (options.setting === 'strict' && sandbox.missing.length > 0) {
    await sandbox.dispose();
    throw fail(sandbox.missing);
  }
  return sandbox;
}

async function strongest(
  options: DetectSandboxOptions,
  run: ProbeRunner,
  tools: HostTools,
  notes: string[],
): Promise<ManagedSandbox | undefined> {
  const privilege = await privileged(options.uid ?? process.getuid?.(), run, tools, notes);
  if (privilege) {
    const asRoot: ProbeRunner = (argv) =>
      run(privilege === 'sudo' ? [tools.sudo!, '-n', '--', ...argv] : argv);
    const unshare = [tools.unshare, '--mount', '--net', '--pid', '--fork', '--mount-proc', '/bin/true'];
    const probe = await asRoot(unshare);
    if (probe.exitCode === 0) {
      const sandbox = await attempt(notes, () => withUser(options, asRoot, privilege, tools));
      if (sandbox) return sandbox;
    } else notes.push(probeFailure(unshare, probe));
  }
  const userns = [
    tools.unshare,
    '--user',
    '--map-root-user',
    '--mount',
    '--net',
    '--pid',
    '--fork',
    '--mount-proc',
    '/bin/true',
  ];
  const probe = await run(userns);
  if (probe.exitCode !== 0) {
    notes.push(`unprivileged user namespaces: ${probeFailure(userns, probe)}`);
    return undefined;
  }
  return attempt(notes, () => withoutUser(options, tools));
}

async function privileged(
  uid: number | undefined,
  run: ProbeRunner,
  tools: HostTools,
  notes: string[],
): Promise<Privilege | undefined> {
  if (uid === 0) return 'root';
  if (!tools.sudo) {
    notes.push('sudo is not installed');
    return undefined;
  }
  const argv = [tools.sudo, '-n', 'true'];
  const result = await run(argv);
  if (result.exitCode === 0) return 'sudo';
  notes.push(`no passwordless sudo: ${probeFailure(argv, result)}`);
  return undefined;
}

async function withUser(
  options: DetectSandboxOptions,
  asRoot: ProbeRunner,
  privilege: Privilege,
  tools: HostTools,
): Promise<ManagedSandbox> {
  const info = await stat(options.workspace);
  const owner = { uid: info.uid, gid: info.gid };
  const { access, helper, why } = await chooseAccess(options, asRoot, owner);
  const user = await createSandboxUser({
    runAsRoot: asRoot,
    workspace: options.workspace,
    owner,
    tempDir: options.tempDir,
    access,
  });
  // Through an idmapped mount what the user writes is the runner's already: nothing to hand back.
  const handBack =
    access === 'idmap'
      ? undefined
      : startHandBack(privilege === 'sudo' ? [tools.sudo!, '-n', '--'] : [], user);
  const release = async (writable: readonly string[]) => {
    await handBack?.stop();
    await removeSandboxUser(asRoot, user, writable);
  };
  const idmap =
    access === 'idmap' && helper
      ? { helper, map: { disk: owner, shown: { uid: user.uid, gid: user.gid } } satisfies IdMap }
      : undefined;
  const sandbox = await build(options, tools, privilege, user.home, release, { user, handBack, idmap });
  return { ...sandbox, workspaceAccess: { kind: access, ...(why ? { why } : {}) } };
}

/**
 * `idmap` when an idmapped mount of the workspace works here, else `acl` (or `group` without
 * setfacl), with why idmapped mounts were not used.
 */
async function chooseAccess(
  options: DetectSandboxOptions,
  asRoot: ProbeRunner,
  owner: { uid: number; gid: number },
): Promise<{ access: WorkspaceAccess; helper?: string; why?: string }> {
  const helper = options.idmapHelper === null ? undefined : (options.idmapHelper ?? findIdmapHelper());
  if (options.workspaceAccess && options.workspaceAccess !== 'idmap')
    return { access: options.workspaceAccess };
  const why =
    options.idmapHelper === null
      ? 'idmapped mounts not tried'
      : await probeIdmap(asRoot, helper, options.workspace, owner);
  if (!why && helper) return { access: 'idmap', helper };
  if (options.workspaceAccess === 'idmap') throw new Error(why ?? 'no idmap helper');
  return { access: (await findExecutable('setfacl')) ? 'acl' : 'group', ...(why ? { why } : {}) };
}

async function withoutUser(options: DetectSandboxOptions, tools: HostTools): Promise<ManagedSandbox> {
  const baseDir = path.join(options.tempDir, `agentsbx-${process.pid}-${Date.now().toString(36)}`);
  const home = path.join(baseDir, 'home');
  await mkdir(home, { recursive: true, mode: 0o700 });
  return build(options, tools, 'userns', home, () => rm(baseDir, { recursive: true, force: true }));
}

async function build(
  options: DetectSandboxOptions,
  tools: HostTools,
  privilege: Privilege,
  home: string,
  release: (writable: readonly string[]) => Promise<void>,
  separate?: { user: SandboxUser; handBack: HandBack | undefined; idmap: IdmapSetting | undefined },
): Promise<ManagedSandbox> {
  const user = separate?.user;
  let holder: NamespaceHolder | undefined;
  let helper: CommandHelper | undefined;
  let guarded: ProtectedPaths | undefined;
  const dispose = async () => {
    await helper?.stop();
    await holder?.stop();
    await release(holder?.writable ?? []);
    await guarded?.release();
  };
  try {
    const hide = hiddenPaths(options);
    guarded = await prepareProtectedPaths(options.workspace);
    const mountinfo = readMountinfo();
    const keep = keptPaths(options, home, hide, tools.shell, guarded.paths).map((k) => ({
      ...k,
      flags: mountFlagsOf(mountinfo, k.path),
    }));
    const mask = ROOT_SOCKETS.filter((p) => existsSync(p));
    holder = await startNamespaceHolder({
      privilege,
      tools,
      shell: tools.shell,
      network: options.network,
      keep,
      hide,
      mask,
      readOnly: mountsToMakeReadOnly(mountinfo, hide),
      ...(separate?.idmap ? { idmap: { ...separate.idmap, workspace: options.workspace } } : {}),
    });
    // One small process for the job starts every command: with sudo it is root, so no command
    // pays for a `sudo`; at every level it spawns no slower than the (larger) action would.
    helper = await startCommandHelper(privilege === 'sudo' ? [tools.sudo!, '-n', '--'] : []);
    const sandbox = createNamespaceSandbox({
      privilege,
      tools,
      holderPid: holder.pid,
      ownNetwork: options.network === 'off',
      ...(user ? { user: { uid: user.uid, gid: user.gid, name: user.name } } : {}),
      shell: tools.shell,
      umask: user?.access === 'group' ? '002' : '022',
      home,
      helper,
      ...(separate?.handBack ? { gate: separate.handBack } : {}),
    });
    // Prove the level works end to end, the way commands will run: the workspace is readable and
    // writable from inside, and so is the private home.
    const check = await runLevelCheck(sandbox, options);
    if (check !== undefined) throw new Error(`${sandbox.level} check in the workspace failed: ${check}`);
    return {
      ...sandbox,
      network: options.network,
      notes: [
        ...(options.network === 'off' && !tools.ip ? ['`ip` is not installed: loopback is down inside'] : []),
        ...(holder.writable.length > 0
          ? [`could not make read-only inside: ${holder.writable.map((p) => `\`${p}\``).join(', ')}`]
          : []),
        ...guarded.links.map((name) => `\`${name}\` is a symbolic link, so only the bash policy protects it`),
      ],
      ...(separate
        ? {
            userName: separate.user.name,
            ...(separate.handBack
              ? { afterCommand: separate.handBack.start, settle: separate.handBack.settle }
              : { settle: async () => undefined }),
          }
        : { reachable: reachable(hide, keep), settle: async () => undefined }),
      ...(options.network === 'off'
        ? { enterNetwork: networkEntry(privilege, tools, holder.pid, actionUser()) }
        : {}),
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/**
 * What is bound back, in mount order: the workspace, its protected entries `.git` and `.github`
 * (read-only: see `protected-paths.ts`), the private home, then read-only tool folders under the
 * hidden ones. Dropped beyond what the holder can keep, tool folders first.
 */
function keptPaths(
  options: DetectSandboxOptions,
  home: string,
  hide: readonly string[],
  shell: string,
  protectedPaths: readonly string[],
): KeptPath[] {
  return [
    { path: options.workspace, mode: 'rw' as const },
    ...protectedPaths.map((p) => ({ path: p, mode: 'ro' as const })),
    { path: home, mode: 'rw' as const },
    ...readOnlyUnderHidden(options, hide).map((p) => ({ path: p, mode: 'ro' as const })),
  ].slice(0, maxKept(shell));
}

/** Commands running as the runner's uid can write what it owns outside the hidden folders. */
function reachable(hide: readonly string[], keep: readonly KeptPath[]): string {
  const readOnly = keep.filter((k) => k.mode === 'ro').map((k) => `\`${k.path}\``);
  return (
    `commands run as the runner's user: besides the workspace they can write whatever it owns outside ${hide.map((p) => `\`${p}\``).join(', ')}` +
    (readOnly.length ? ` (kept read-only: ${readOnly.join(', ')})` : '')
  );
}

async function attempt(
  notes: string[],
  create: () => Promise<ManagedSandbox>,
): Promise<ManagedSandbox | undefined> {
  try {
    const sandbox = await create();
    sandbox.notes.push(...notes);
    return sandbox;
  } catch (error) {
    notes.push(error instanceof Error ? error.message : String(error));
    return undefined;
  }
}

function none(options: DetectSandboxOptions, notes: string[]): ManagedSandbox {
  return {
    level: 'none',
    missing: options.network === 'on' ? ['pid-namespace', 'separate-user'] : ALL,
    network: options.network,
    notes,
    start: (argv, { cwd, env, output, stdio }) =>
      spawnCommand(plainLaunch(argv, env), { cwd, output, ...(stdio ? { stdio } : {}) }),
    settle: async () => undefined,
    async dispose() {},
  };
}

function actionUser(): { uid: number; gid: number } {
  return { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
}

type HostTools = SandboxTools & { shell: string };
type IdmapSetting = { helper: string; map: IdMap };
type FoundTools = { kind: 'ok'; tools: HostTools } | { kind: 'missing'; names: string[] };

async function findTools(): Promise<FoundTools> {
  const required = ['unshare', 'nsenter', 'setpriv', 'env'] as const;
  const found = await Promise.all(required.map((name) => findExecutable(name)));
  const missing = required.filter((_, i) => !found[i]);
  if (missing.length > 0) return { kind: 'missing', names: [...missing] };
  const [unshare, nsenter, setpriv, env] = found as string[];
  const ip = await findExecutable('ip');
  const sudo = await findExecutable('sudo');
  const shell = (await findExecutable('bash')) ?? '/bin/sh';
  return {
    kind: 'ok',
    tools: {
      shell,
      unshare: unshare!,
      nsenter: nsenter!,
      setpriv: setpriv!,
      env: env!,
      ...(ip ? { ip } : {}),
      ...(sudo ? { sudo } : {}),
    },
  };
}
