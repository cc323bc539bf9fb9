/**
 * All git goes through one {@link GitCommandManager}: thin `exec` that returns
 * `{exitCode, stdout, stderr}`. The token is given per command as an `http.<server>/.extraheader`
 * config entry and never lands in `.git/config`.
 */
import { execa } from 'execa';

export interface GitResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface GitExecOptions {
  /** Return non-zero exit codes instead of throwing. */
  allowAllExitCodes?: boolean;
  /** Extra environment for this command (e.g. author identity). */
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
  /** Environment git runs with; the caller passes the runner's (PATH, HOME …). */
  env: Record<string, string | undefined>;
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
 * Creates the manager. The header goes in through `GIT_CONFIG_COUNT`/`KEY`/`VALUE`, the
 * environment form of `git -c` (same per-command scope): it keeps the token out of the argv that
 * `ps` shows every process on the machine and out of error messages that echo a command line.
 */
export function createGitCommandManager(options: GitCommandManagerOptions): GitCommandManager {
  const base = `${options.serverUrl.replace(/\/+$/, '')}/`;
  // Settings that make git run a program, overridden for the action's own (token-carrying)
  // commands: a second line behind the configuration snapshot (config-guard.ts).
  const config: [string, string][] = [
    ['core.hooksPath', '/dev/null'],
    ['commit.gpgSign', 'false'],
    ['tag.gpgSign', 'false'],
    ['credential.helper', ''],
    ['core.fsmonitor', 'false'],
    ['core.pager', 'cat'],
    ['core.editor', 'true'],
    ['sequence.editor', 'true'],
    ['core.sshCommand', 'false'],
    ['core.askPass', ''],
    ['gpg.program', 'false'],
    ['gpg.ssh.program', 'false'],
    ['gpg.x509.program', 'false'],
    ['protocol.ext.allow', 'never'],
  ];
  if (options.token) config.push([`http.${base}.extraheader`, authHeader(options.token)]);
  const configEnv: Record<string, string> = { GIT_CONFIG_COUNT: String(config.length) };
  config.forEach(([key, value], i) => {
    configEnv[`GIT_CONFIG_KEY_${i}`] = key;
    configEnv[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return {
    cwd: options.cwd,
    async exec(args, execOptions = {}) {
      const child = await execa('git', [...args], {
        cwd: options.cwd,
        env: {
          ...options.env,
          GIT_TERMINAL_PROMPT: '0',
          GIT_ASKPASS: '',
          ...execOptions.env,
          ...configEnv,
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
