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

/**
 * Builds the {@link Sandbox} that runs each command as
 * `nsenter (holder's mount+net) → unshare (new PID namespace, fresh /proc) → setpriv (user, no
 * capabilities, no new privileges) → env (cwd, HOME, TMPDIR) → argv`. The expensive set-up (the
 * mounts) is done once by the holder, so a command costs four small execs. `launch` does no I/O.
 */
export function createNamespaceSandbox(config: NamespaceSandboxConfig): Sandbox {
  const { tools, user } = config;
  const enter = [
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
  const envArgs = [
    ...['SUDO_COMMAND', 'SUDO_USER', 'SUDO_UID', 'SUDO_GID', 'SUDO_HOME', 'MAIL'].flatMap((n) => ['-u', n]),
    // sudo (and root's own environment) would leave root's names; tools that read USER or write
    // to ~$USER must see the user they run as. Without a separate user the runner's names are right.
    ...(user ? [`USER=${user.name}`, `LOGNAME=${user.name}`, `SHELL=${config.shell ?? '/bin/sh'}`] : []),
  ];
  const umask = config.umask === '022' ? [] : ['/bin/sh', '-c', `umask ${config.umask} && exec "$@"`, 'sh'];
  const missing: Protection[] = user ? [] : ['separate-user'];

  return {
    level: config.privilege === 'userns' ? 'userns' : `${config.privilege}+unshare`,
    missing,
    launch(argv, { cwd }): SandboxLaunch {
      const [command] = argv;
      if (!command) throw new Error('empty argv');
      // `env` would take a first word containing `=` for an assignment.
      if (command.includes('=')) throw new Error(`command name contains "=": ${command}`);
      const inner = [
        ...enter,
        tools.env,
        `--chdir=${cwd}`,
        ...envArgs,
        `HOME=${config.home}`,
        'TMPDIR=/tmp',
        ...umask,
        ...argv,
      ];
      if (config.privilege !== 'sudo') {
        const [file, ...args] = inner;
        return { file: file!, args };
      }
      if (!tools.sudo) throw new Error('sudo privilege without a sudo binary');
      return {
        file: '/bin/sh',
        args: ['-c', LAUNCHER_SCRIPT, 'sandbox-launcher', tools.sudo, SUPERVISOR_SCRIPT, ...inner],
      };
    },
  };
}
