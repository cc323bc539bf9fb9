/**
 * How agent-run commands are launched. The bash tool and `verify-command` hand their argv to a
 * {@link Sandbox}, which wraps it in whatever isolation the runner allows (see `detect-sandbox.ts`).
 */

/** One protection the sandbox provides; `missing` lists the ones it could not. */
export type Protection = 'pid-namespace' | 'network-namespace' | 'separate-user' | 'scrubbed-env';

export interface SandboxLaunch {
  file: string;
  args: string[];
  /** The environment to start `file` with: the one given to `launch`, with what the sandbox sets. */
  env: Record<string, string>;
}

export interface Sandbox {
  /** Short name for the log, e.g. `sudo+unshare`, `userns`, `none`. */
  level: string;
  /** Protections the runner could not provide at this level. */
  missing: Protection[];
  /**
   * Wraps a command so it runs inside the sandbox. `cwd` must be inside the workspace; `env` is
   * the command's environment (default empty), returned with HOME and the like set for inside.
   */
  launch(argv: readonly string[], options: { cwd: string; env?: Record<string, string> }): SandboxLaunch;
  /**
   * Runs after each command has ended (also when it was killed): gives the runner back whatever
   * a throw-away user created, so the action's own file tools and git can write it. Returns what
   * went wrong, for the command's output. Absent where commands run as the runner's uid.
   */
  afterCommand?(): Promise<string | undefined>;
  /**
   * Undoes the start-up work (namespace holder, throw-away user, workspace ACL); call once in the
   * run's `finally`, after the last command. Absent for sandboxes that need no clean-up.
   */
  dispose?(): Promise<void>;
}

/** No isolation beyond the scrubbed environment (`sandbox: off`, or nothing else works). */
export const unsandboxed: Sandbox = {
  level: 'none',
  missing: ['pid-namespace', 'network-namespace', 'separate-user'],
  launch(argv, { env = {} }) {
    const [file, ...args] = argv;
    if (!file) throw new Error('empty argv');
    return { file, args, env };
  },
};
