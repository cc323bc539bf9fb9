/**
 * The environment every git the action starts runs with, wherever the repository's files came
 * from. Three parts: git's own variables from the runner are dropped (the action says where the
 * repository is), configuration is read only from the repository (not the runner's system and
 * global files, which agent-run commands at level `none` could write), and the settings that make
 * git start a program are overridden per command.
 */
import path from 'node:path';

/**
 * Settings that make git run a program, or reach for one, turned off on every command: the
 * repository's own configuration may have been written by an agent-run command. Command-scope
 * settings (`GIT_CONFIG_COUNT`) outrank every file and reach git's own children (submodules).
 */
export const PROGRAMS_OFF: readonly (readonly [string, string])[] = [
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
  ['core.attributesFile', '/dev/null'],
  ['gpg.program', 'false'],
  ['gpg.ssh.program', 'false'],
  ['gpg.x509.program', 'false'],
  ['protocol.ext.allow', 'never'],
  ['protocol.git.allow', 'never'],
  // `git gc --auto` after a commit would run detached, still writing .git while the guard checks it.
  ['gc.auto', '0'],
  ['maintenance.auto', 'false'],
  // A submodule's status is a child git in a folder the agent wrote; its pointer is still committed.
  ['diff.ignoreSubmodules', 'dirty'],
  ['submodule.recurse', 'false'],
];

/** `git -c` as environment (`GIT_CONFIG_COUNT`/`KEY_n`/`VALUE_n`): no argv shows the values. */
export function configEnv(entries: readonly (readonly [string, string])[]): Record<string, string> {
  const env: Record<string, string> = { GIT_CONFIG_COUNT: String(entries.length) };
  entries.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}

/**
 * git's own variables a runner may carry that the action keeps: TLS and proxy settings for the
 * transport, and where git's helpers are installed. Every other `GIT_*` (`GIT_DIR`, `GIT_INDEX_FILE`,
 * `GIT_CONFIG_*`, `GIT_EXTERNAL_DIFF`, `GIT_SSH_COMMAND` …) would move or extend what git does.
 */
const KEPT_GIT_VARIABLE = /^GIT_(SSL_|HTTP_|PROXY_|CURL_|EXEC_PATH$)/;

/** `env` without git's variables other than the transport's (see {@link KEPT_GIT_VARIABLE}). */
export function withoutGitVariables(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (name.startsWith('GIT_') && !KEPT_GIT_VARIABLE.test(name)) continue;
    out[name] = value;
  }
  return out;
}

/**
 * Configuration from the repository only: no `/etc/gitconfig`, `~/.gitconfig`,
 * `$XDG_CONFIG_HOME/git/config` or system attributes; no replace refs; no prompts; LFS files stay
 * pointers (as actions/checkout leaves them by default).
 */
export const ISOLATED: Readonly<Record<string, string>> = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_ATTR_NOSYSTEM: '1',
  GIT_NO_REPLACE_OBJECTS: '1',
  GIT_TERMINAL_PROMPT: '0',
  GIT_ASKPASS: '',
  GIT_LFS_SKIP_SMUDGE: '1',
};

/** Where git looks for a repository: exactly `<workTree>/.git`, never a folder above. */
export function repositoryVariables(workTree: string): Record<string, string> {
  return {
    GIT_DIR: path.join(workTree, '.git'),
    GIT_WORK_TREE: workTree,
    GIT_CEILING_DIRECTORIES: path.dirname(workTree),
  };
}

/**
 * The environment of the git the file tools start (`git grep`, `git check-ignore`) in the
 * workspace: `scrubbed` (no secret), configuration from the repository only with every program
 * off, no network, and the repository found at `root` or not at all (no bare repository the
 * workspace holds, no folder above it).
 */
export function searchGitEnv(
  scrubbed: Readonly<Record<string, string>>,
  root: string,
): Record<string, string> {
  return {
    ...withoutGitVariables(scrubbed),
    ...ISOLATED,
    GIT_CEILING_DIRECTORIES: path.dirname(root),
    ...configEnv([
      ...PROGRAMS_OFF,
      ['safe.bareRepository', 'explicit'],
      ['protocol.allow', 'never'],
      // The runner's global `safe.directory` no longer applies; the workspace is the one meant.
      ['safe.directory', root],
    ]),
  };
}
