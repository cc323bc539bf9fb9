/**
 * How agent-run commands are started. The bash tool and `verify-command` hand their argv to a
 * {@link Sandbox}, which starts it in whatever isolation the runner allows (see `detect-sandbox.ts`)
 * and returns a handle to wait for it and to kill it.
 */
import { spawnCommand } from './spawn-command.js';

/** One protection the sandbox provides; `missing` lists the ones it could not. */
export type Protection = 'pid-namespace' | 'network-namespace' | 'separate-user' | 'scrubbed-env';

/** A program, its arguments and the whole environment it starts with. */
export interface SandboxLaunch {
  file: string;
  args: string[];
  /** The environment to start `file` with: the command's, with what the sandbox sets. */
  env: Record<string, string>;
}

/** Where a command's stdout and stderr go: one log file, open for appending. */
export interface CommandOutput {
  /** The open file descriptor, for commands the action spawns itself. */
  fd: number;
  /** Its path, for commands a helper process starts (it opens the file again). */
  path: string;
}

export interface StartOptions {
  /** Must be inside the workspace. */
  cwd: string;
  /** The command's environment (default empty); the sandbox adds HOME and the like. */
  env?: Record<string, string>;
  output: CommandOutput;
  /** A long-lived server the action talks to over stdin and stdout (see {@link ServerStdio}). */
  stdio?: ServerStdio;
}

/**
 * For a server the action talks to over the server's stdin and stdout (an MCP server): the Unix
 * socket the action listens on. Whoever spawns the command connects to it and relays the
 * connection to the command's stdin and stdout; stderr still goes to `output`. Such a command runs
 * for the whole job, so it neither waits for nor holds the hand-back gate: its caller settles
 * before each use and starts a hand-back after it.
 */
export interface ServerStdio {
  socketPath: string;
}

/** How a command ended; `error` when it could not be started at all. */
export interface CommandExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
}

/** A started command: it runs in a process group of its own, with no stdin (unless `stdio`). */
export interface SandboxedCommand {
  exited: Promise<CommandExit>;
  /** Signals the command's whole process group; does nothing once it is gone. */
  kill(signal: NodeJS.Signals): void;
}

export interface Sandbox {
  /** Short name for the log, e.g. `sudo+unshare`, `userns`, `none`. */
  level: string;
  /** Protections the runner could not provide at this level. */
  missing: Protection[];
  /** Starts a command inside the sandbox. Throws only for a malformed argv. */
  start(argv: readonly string[], options: StartOptions): SandboxedCommand;
  /**
   * Call after each command has ended (also when it was killed): starts giving the runner back
   * whatever a throw-away user created, and returns at once. The runner's own file tools and git
   * await {@link settle} before they touch the workspace; the next command starts once the round
   * is done, since the two must not overlap. Absent where commands run as the runner's uid.
   */
  afterCommand?(): void;
  /**
   * Resolves once every hand-back started so far is done, with what went wrong since the last
   * call (for whoever needed the files), or undefined. Absent where there is nothing to hand back.
   */
  settle?(): Promise<string | undefined>;
  /**
   * Undoes the start-up work (namespace holder, throw-away user, workspace ACL); call once in the
   * run's `finally`, after the last command. Absent for sandboxes that need no clean-up.
   */
  dispose?(): Promise<void>;
}

/**
 * Whether commands at `level` run in namespaces of their own (mount, PID, network): every level
 * but `none` and `landlock`. Only there does the kernel keep a policy bypass from reaching more than
 * a test run could; the bash policy treats the other two alike, as no isolation.
 */
export function hasNamespaces(level: string): boolean {
  return level !== 'none' && level !== 'landlock';
}

/** The argv as it is: a command with no wrapper. */
export function plainLaunch(argv: readonly string[], env: Record<string, string> = {}): SandboxLaunch {
  const [file, ...args] = argv;
  if (!file) throw new Error('empty argv');
  return { file, args, env };
}

/** No isolation beyond the scrubbed environment (`sandbox: off`, or nothing else works). */
export const unsandboxed: Sandbox = {
  level: 'none',
  missing: ['pid-namespace', 'network-namespace', 'separate-user'],
  start(argv, { cwd, env, output, stdio }) {
    return spawnCommand(plainLaunch(argv, env), { cwd, output, ...(stdio ? { stdio } : {}) });
  },
};
