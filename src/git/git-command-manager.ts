/**
 * All git goes through one {@link GitCommandManager}: thin `exec` that returns
 * `{exitCode, stdout, stderr}`. The token is given per network command as an
 * `http.<server>/.extraheader` config entry and never lands in `.git/config`.
 */
import { execa } from 'execa';
import { configEnv, ISOLATED, PROGRAMS_OFF, repositoryVariables, withoutGitVariables } from './git-env.js';
import { readRunnerGitSettings } from './runner-git-settings.js';

export interface GitResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface GitExecOptions {
  /** Return non-zero exit codes instead of throwing. */
  allowAllExitCodes?: boolean;
  /** Extra environment for this command (author identity; the guard's pinned `GIT_DIR`). */
  env?: Record<string, string>;
  /** Text written to git's stdin. */
  input?: string;
  /** `latin1` keeps every byte of stdout as one character, for output that may hold binary blobs. */
  encoding?: 'utf8' | 'latin1';
}

export interface GitCommandManager {
  /** The working tree every command runs in. */
  readonly cwd: string;
  exec(args: readonly string[], options?: GitExecOptions): Promise<GitResult>;
}

export interface GitCommandManagerOptions {
  cwd: string;
  /** Token sent to `serverUrl` only; empty sends nothing. */
  token: string;
  /** `GITHUB_SERVER_URL`; the auth header is scoped to it so no other remote sees the token. */
  serverUrl: string;
  /** Environment git runs with; the caller passes the runner's (PATH, HOME …) minus secrets. */
  env: Record<string, string | undefined>;
  /**
   * Find the repository from `cwd` as plain git does, instead of exactly `<cwd>/.git`: only the
   * local runner, which must tell a folder inside a checkout from no checkout at all.
   */
  discover?: boolean;
}

/** `AUTHORIZATION: basic base64(x-access-token:TOKEN)`, as actions/checkout sends it. */
export function authHeader(token: string): string {
  return `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
}

export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly result: GitResult,
  ) {
    super(
      `git ${args[0] ?? ''} failed with exit code ${result.exitCode}: ${result.stderr.trim().split('\n').slice(-3).join(' ')}`,
    );
    this.name = 'GitError';
  }
}

/**
 * The subcommand of `args` (the first word after `-c k=v`, `-C dir` and other global options):
 * the token goes only to the three that talk to the server.
 */
export function subcommandOf(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '-c' || arg === '-C') i++;
    else if (!arg.startsWith('-')) return arg;
  }
  return undefined;
}

const NETWORK_SUBCOMMANDS = new Set(['fetch', 'push', 'ls-remote']);

/**
 * Creates the manager. Every command gets the repository at `<cwd>/.git` (or where the caller's
 * per-command `env` pins it: `GIT_DIR`, `GIT_COMMON_DIR`), configuration from the repository and
 * the runner's carried network settings only, and every program-running setting off
 * (`git-env.ts`). The auth header goes in through `GIT_CONFIG_COUNT`/`KEY`/`VALUE`, the
 * environment form of `git -c`: it keeps the token out of the argv that `ps` shows every process
 * on the machine and out of error messages that echo a command line. It goes only to `fetch`,
 * `push` and `ls-remote`: every other command leaves the token out of its environment, and with it
 * out of any program a filter, diff or merge driver would start.
 */
export function createGitCommandManager(options: GitCommandManagerOptions): GitCommandManager {
  const base = `${options.serverUrl.replace(/\/+$/, '')}/`;
  const header: [string, string] | undefined = options.token
    ? [`http.${base}.extraheader`, authHeader(options.token)]
    : undefined;
  const runnerEnv = withoutGitVariables(options.env);
  let carried: Promise<[string, string][]> | undefined;
  return {
    cwd: options.cwd,
    async exec(args, execOptions = {}) {
      carried ??= readRunnerGitSettings(options.env);
      const settings = [...(await carried), ...PROGRAMS_OFF];
      if (header && NETWORK_SUBCOMMANDS.has(subcommandOf(args) ?? '')) settings.push(header);
      const child = await execa('git', [...args], {
        cwd: options.cwd,
        env: {
          ...runnerEnv,
          ...(options.discover ? {} : repositoryVariables(options.cwd)),
          ...execOptions.env,
          ...ISOLATED,
          ...configEnv(settings),
        },
        extendEnv: false,
        reject: false,
        stripFinalNewline: false,
        ...(execOptions.input === undefined ? {} : { input: execOptions.input }),
        ...(execOptions.encoding ? { encoding: execOptions.encoding } : {}),
      });
      const result = {
        exitCode: child.exitCode ?? 1,
        stdout: String(child.stdout ?? ''),
        stderr: String(child.stderr ?? ''),
      };
      if (result.exitCode !== 0 && !execOptions.allowAllExitCodes) throw new GitError(args, result);
      return result;
    },
  };
}
