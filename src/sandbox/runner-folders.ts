/**
 * The runner's own folders that agent-run commands must not change. On a runner the job layout is
 * `<work root>/<repo>/<repo>` for the workspace and `<work root>/_temp` for RUNNER_TEMP; the work
 * root also holds other repositories' checkouts (self-hosted runners keep them between jobs), and
 * the tool cache holds the toolchains later steps run. Without a separate user, commands run as
 * the runner's uid and could otherwise rewrite both.
 */
import path from 'node:path';

/** Folders to cover and folders to keep visible read-only, for `detectSandbox`. */
export interface RunnerFolders {
  hide: string[];
  readOnly: string[];
}

/**
 * Finds the work root and the tool cache from the runner's variables. The work root is only
 * trusted when RUNNER_TEMP sits in it next to the repository folder, so a local run (or a
 * workspace elsewhere) never hides a folder like `/` or a home directory by accident.
 */
export function runnerFolders(
  env: Readonly<Record<string, string | undefined>>,
  workspace: string,
): RunnerFolders {
  const hide: string[] = [];
  const readOnly: string[] = [];
  const temp = env['RUNNER_TEMP'];
  const workRoot = path.dirname(path.dirname(path.resolve(workspace)));
  if (
    env['GITHUB_ACTIONS'] === 'true' &&
    temp &&
    path.dirname(path.resolve(temp)) === workRoot &&
    workRoot !== '/'
  )
    hide.push(workRoot);
  const toolCache = env['RUNNER_TOOL_CACHE'];
  if (
    toolCache &&
    path.isAbsolute(toolCache) &&
    path.resolve(toolCache) !== '/' &&
    !inside(workspace, toolCache)
  )
    readOnly.push(path.resolve(toolCache));
  return { hide, readOnly };
}

function inside(child: string, parent: string): boolean {
  const relative = path.relative(path.resolve(parent), path.resolve(child));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
