/**
 * Which kind of runner user the tests run as, and so which sandbox level they must get. The
 * runner-modes suite starts the sandbox suites again as an unprivileged user with passwordless
 * sudo (like GitHub-hosted runners) and as one without (like many self-hosted runners), naming
 * the mode in `AGENT_ACTION_TEST_RUNNER`; a plain run is `root` as root. Tests assert the level
 * of their mode, so a sandbox that silently chose a weaker one fails.
 */
import { spawnSync } from 'node:child_process';

export type RunnerMode = 'root' | 'sudo' | 'user';

/** The variable the runner-modes suite sets for the suites it starts. */
export const RUNNER_MODE_VARIABLE = 'AGENT_ACTION_TEST_RUNNER';

/** The level `sandbox: auto` must pick in each mode. */
export const EXPECTED_LEVEL: Record<RunnerMode, string> = {
  root: 'root+unshare',
  sudo: 'sudo+unshare',
  user: 'userns',
};

/** The mode of this test process: the variable when set, else root, sudo or neither as probed. */
export function runnerMode(env: NodeJS.ProcessEnv = process.env): RunnerMode {
  const named = env[RUNNER_MODE_VARIABLE];
  if (named === 'root' || named === 'sudo' || named === 'user') return named;
  if (process.getuid?.() === 0) return 'root';
  return spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0 ? 'sudo' : 'user';
}
