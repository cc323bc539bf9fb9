import type { CommandHelper } from './command-helper.js';
import type { CommandGate } from './hand-back.js';
import type { Protection, Sandbox, SandboxedCommand, SandboxLaunch } from './sandbox.js';

/** How the sandbox gets the right to create namespaces and switch user. */
export type Privilege = 'root' | 'sudo' | 'userns';

/** Absolute paths of the host tools the sandbox runs. */
export interface SandboxTools {
  unshare: string;
  nsenter: string;
  setpriv: string;
  env: string;
  /** Brings loopback up inside the network namespace; without it loopback stays down. */
  ip?: string;
  /** Needed for the `sudo` privilege only. */
  sudo?: string;
}

/** Everything that fixes how commands enter an already set-up namespace holder. */
export interface NamespaceSandboxConfig {
  privilege: Privilege;
  tools: SandboxTools;
  /** PID of the process holding the prepared mount (and network) namespace. */
  holderPid: number;
  /** Whether the holder has its own network namespace (`network: off`). */
  ownNetwork: boolean;
  /** The throw-away user (root and sudo only); without it commands run as the runner's uid. */
  user?: { uid: number; gid: number; name: string };
  /** The shell commands run in, given to them as `SHELL` when they run as the throw-away user. */
  shell?: string;
  /** `002` when the workspace is shared through a group, so the runner can edit new files. */
  umask: '022' | '002';
  /** The private HOME inside the namespace. */
  home: string;
  /** The job's command helper, which starts each command (root with the `sudo` privilege). */
  helper: CommandHelper;
  /** With a throw-away user: keeps commands and hand-back rounds apart. */
  gate?: CommandGate;
}

/** Names sudo (or root's own environment) leaves behind that a command must not see. */
const ROOT_NAMES = ['SUDO_COMMAND', 'SUDO_USER', 'SUDO_UID', 'SUDO_GID', 'SUDO_HOME', 'MAIL'];

/**
 * The process chain one command runs as: `nsenter (holder's mount+IPC+net) → unshare (new PID
 * namespace, fresh /proc, cwd) → setpriv (user, no capabilities, no new privileges) → argv`, with
 * HOME, TMPDIR and the user's names in the environment it starts with; the job's command helper
 * starts it. The
 * expensive set-up (the mounts) is done once by the holder; the PID namespace stays per command,
 * because its PID 1 dying is what takes down daemons a killed command left. No I/O.
 */
export function commandChain(
  config: NamespaceSandboxConfig,
  argv: readonly string[],
  options: { cwd: string; env?: Record<string, string> },
): SandboxLaunch {
  const { tools, user } = config;
  if (!argv[0]) throw new Error('empty argv');
  const shell = config.shell ?? '/bin/sh';
  const enter = [
    tools.nsenter,
    `--target=${config.holderPid}`,
    // Without `--preserve-credentials` nsenter calls setgroups(), which an unprivileged runner
    // cannot do outside and a `--map-root-user` namespace denies inside: every command would fail.
    ...(config.privilege === 'userns' ? ['--user', '--preserve-credentials'] : []),
    '--mount',
    '--ipc',
    ...(config.ownNetwork ? ['--net'] : []),
    '--',
    tools.unshare,
    '--pid',
    '--fork',
    '--kill-child',
    '--mount-proc',
    // Here, not as nsenter's `--wd`: nsenter opens that folder before it enters the mount
    // namespace, so the command would start in the host's workspace, where `.git` is writable.
    `--wd=${options.cwd}`,
    '--',
    tools.setpriv,
    ...(user ? [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups'] : []),
    '--no-new-privs',
    '--inh-caps=-all',
    '--bounding-set=-all',
    // Changing uid clears the parent-death signal `--kill-child` set; set it again, so PID 1
    // (and with it the namespace) dies whenever `unshare` does.
    '--pdeathsig=KILL',
    '--',
  ];
  const umask = config.umask === '022' ? [] : ['/bin/sh', '-c', `umask ${config.umask} && exec "$@"`, 'sh'];
  // Without a separate user the runner's names are right.
  const names: Record<string, string> = user ? { USER: user.name, LOGNAME: user.name, SHELL: shell } : {};
  const own = Object.fromEntries(
    Object.entries(options.env ?? {}).filter(([name]) => !ROOT_NAMES.includes(name)),
  );
  const [file, ...args] = [...enter, ...umask, ...argv];
  return { file: file!, args, env: { ...own, ...names, HOME: config.home, TMPDIR: '/tmp' } };
}

/** Builds the {@link Sandbox} that hands each command's {@link commandChain} to the job's helper. */
export function createNamespaceSandbox(config: NamespaceSandboxConfig): Sandbox {
  const missing: Protection[] = config.user ? [] : ['separate-user'];
  return {
    level: config.privilege === 'userns' ? 'userns' : `${config.privilege}+unshare`,
    missing,
    start(argv, { cwd, env, output, stdio }) {
      const launch = commandChain(config, argv, { cwd, ...(env ? { env } : {}) });
      const socket = stdio ? { socketPath: stdio.socketPath } : {};
      const begin = () => config.helper.start(launch, { cwd, logPath: output.path, ...socket });
      // A server runs for the whole job: holding the gate would stop every hand-back round.
      return config.gate && !stdio ? gated(config.gate, begin) : begin();
    },
  };
}

/** Starts the command once the gate lets it in; a kill before that means it never starts. */
function gated(gate: CommandGate, begin: () => SandboxedCommand): SandboxedCommand {
  let command: SandboxedCommand | undefined;
  let killedWith: NodeJS.Signals | undefined;
  const exited = gate.enter().then(async () => {
    try {
      if (killedWith) return { code: null, signal: killedWith };
      command = begin();
      return await command.exited;
    } finally {
      gate.leave();
    }
  });
  return {
    exited,
    kill(signal) {
      if (command) command.kill(signal);
      else killedWith ??= signal;
    },
  };
}
