import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';

/** What a probe command printed and how it ended. */
export interface ProbeResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs one fixed command of the action's own (never agent input) and reports how it went. */
export type ProbeRunner = (argv: readonly string[]) => Promise<ProbeResult>;

/**
 * The PATH probes and set-up commands run with. Fixed, so detection does not depend on the
 * runner's PATH and never hands a child the action's environment.
 */
export const SYSTEM_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** Runs a probe with a minimal environment, no stdin and a time limit; never throws. */
export const runProbe: ProbeRunner = async (argv) => {
  const [file, ...args] = argv;
  if (!file) throw new Error('empty argv');
  const result = await execa(file, args, {
    reject: false,
    env: { PATH: SYSTEM_PATH, LANG: 'C' },
    extendEnv: false,
    stdin: 'ignore',
    timeout: 30_000,
    cwd: '/',
  });
  return {
    exitCode: typeof result.exitCode === 'number' ? result.exitCode : -1,
    stdout: String(result.stdout ?? ''),
    stderr: String(result.stderr ?? result.message ?? ''),
  };
};

/** Absolute path of `name` in the system folders, or undefined when it is not installed. */
export async function findExecutable(name: string): Promise<string | undefined> {
  for (const dir of SYSTEM_PATH.split(':')) {
    const candidate = path.join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/** First line of a failed probe's output, for the log. */
export function probeFailure(argv: readonly string[], result: ProbeResult): string {
  const reason = (result.stderr || result.stdout).trim().split('\n')[0] ?? '';
  return `\`${argv.map((a) => path.basename(a)).join(' ')}\` failed (exit ${result.exitCode}${reason ? `: ${reason}` : ''})`;
}
