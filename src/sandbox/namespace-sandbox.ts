import { LAUNCHER_SCRIPT, SUPERVISOR_SCRIPT } from './launch-scripts.js';
import type { Protection, Sandbox, SandboxLaunch } from './sandbox.js';

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
}

/** Names sudo (or root's own environment) leaves behind that a command must not see. */
const ROOT_NAMES = ['SUDO_COMMAND', 'SUDO_USER', 'SUDO_UID', 'SUDO_GID', 'SUDO_HOME', 'MAIL'];

/**
 * Builds the {@link Sandbox} that runs each command as
 * `nsenter (holder's mount+net) → unshare (new PID namespace, fresh /proc, cwd) → setpriv (user,
 * no capabilities, no new privileges) → argv`, with HOME, TMPDIR and the user's names in the
 * environment it is started with (with sudo, set by the supervisor, since sudo rewrites it). The
 * expensive set-up (the mounts) is done once by the holder, so a command costs three small execs;
 * the PID namespace stays per command, because its PID 1 dying is what takes down daemons a
 * killed command left. `launch` does no I/O.
 */
export function createNamespaceSandbox(config: NamespaceSandboxConfig): Sandbox {
  const { tools, user } = config;
  const enter = (cwd: string) => [
    tools.nsenter,
    `--target=${config.holderPid}`,
    // Without `--preserve-credentials` nsenter calls setgroups(), which an unprivileged runner
    // cannot do outside and a `--map-root-user` namespace denies inside: every command would fail.
    ...(config.privilege === 'userns' ? ['--user', '--preserve-credentials'] : []),
    '--mount',
    ...(config.ownNetwork ? ['--net'] : []),
    '--',
    tools.unshare,
    '--pid',
    '--fork',
    '--kill-child',
    '--mount-proc',
    // Here, not as nsenter's `--wd`: nsenter opens that folder before it enters the mount
    // namespace, so the command would start in the host's workspace, where `.git` is writable.
    `--wd=${cwd}`,
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
  const shell = config.shell ?? '/bin/sh';
  // Without a separate user the runner's names are right.
  const names: Record<string, string> = user ? { USER: user.name, LOGNAME: user.name, SHELL: shell } : {};
  const umask = config.umask === '022' ? [] : ['/bin/sh', '-c', `umask ${config.umask} && exec "$@"`, 'sh'];
  const missing: Protection[] = user ? [] : ['separate-user'];

  return {
    level: config.privilege === 'userns' ? 'userns' : `${config.privilege}+unshare`,
    missing,
    launch(argv, { cwd, env = {} }): SandboxLaunch {
      const [command] = argv;
      if (!command) throw new Error('empty argv');
      const inner = [...enter(cwd), ...umask, ...argv];
      const own = Object.fromEntries(Object.entries(env).filter(([name]) => !ROOT_NAMES.includes(name)));
      const inside = { ...own, ...names, HOME: config.home, TMPDIR: '/tmp' };
      if (config.privilege !== 'sudo') {
        const [file, ...args] = inner;
        return { file: file!, args, env: inside };
      }
      if (!tools.sudo || !user) throw new Error('sudo privilege without a sudo binary or a user');
      return {
        file: '/bin/sh',
        args: [
          '-c',
          LAUNCHER_SCRIPT,
          'sandbox-launcher',
          tools.sudo,
          SUPERVISOR_SCRIPT,
          config.home,
          user.name,
          shell,
          ...inner,
        ],
        env: inside,
      };
    },
  };
}
