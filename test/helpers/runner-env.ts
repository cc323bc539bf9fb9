/**
 * A runner step's environment for code that reads it through `loadConfig`: the variables every
 * step has, and the action's inputs the way the runner passes them.
 */

/** The standard variables of a step in `octo-org/octo-repo` (folders that need not exist). */
export const RUNNER_ENV: Readonly<Record<string, string>> = {
  GITHUB_EVENT_NAME: 'issues',
  GITHUB_REPOSITORY: 'octo-org/octo-repo',
  GITHUB_WORKSPACE: '/tmp/ws',
  RUNNER_TEMP: '/tmp/rt',
  GITHUB_RUN_ID: '77',
  'INPUT_GITHUB-TOKEN': 'ghs_x',
};

/** `INPUT_<NAME>` variables for `inputs`, named as the runner names them (spaces to `_`, upper case). */
export function inputVariables(inputs: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(inputs).map(([name, value]) => [`INPUT_${name.replace(/ /g, '_').toUpperCase()}`, value]),
  );
}
