/**
 * The environment agent-run commands get: an allowlist of harmless variables, never the
 * repository token, the API key, `INPUT_*`, the runner's `ACTIONS_*` tokens, or anything else
 * whose name or value looks like a secret.
 */

/** Exact names passed through. */
const allowedNames = new Set([
  'PATH',
  'HOME',
  'LANG',
  'LANGUAGE',
  'CI',
  'TERM',
  'TZ',
  'TMPDIR',
  'USER',
  'LOGNAME',
  'SHELL',
  'RUNNER_OS',
  'RUNNER_ARCH',
  'RUNNER_TEMP',
  'RUNNER_TOOL_CACHE',
  'RUNNER_NAME',
  'RUNNER_ENVIRONMENT',
  'GITHUB_WORKSPACE',
  'GITHUB_ACTIONS',
  'GITHUB_REPOSITORY',
  'GITHUB_SHA',
  'GITHUB_REF_NAME',
  'GITHUB_SERVER_URL',
  'JAVA_HOME',
  'GOROOT',
  'GOPATH',
  'GOCACHE',
  'GOMODCACHE',
  'CARGO_HOME',
  'RUSTUP_HOME',
  'PYTHONPATH',
  'pythonLocation',
  'PKG_CONFIG_PATH',
  'NVM_DIR',
  'PNPM_HOME',
  'VIRTUAL_ENV',
  'XDG_CACHE_HOME',
  'XDG_CONFIG_HOME',
  'NODE_ENV',
  'FORCE_COLOR',
  'NO_COLOR',
]);

/** Name prefixes passed through (locale settings and tool-version variables set by setup actions). */
const allowedPrefixes = ['LC_', 'JAVA_HOME_', 'GOROOT_'];

/** Names that look secret-bearing are dropped even if an allowed name or prefix matched. */
const secretName =
  /TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|API_?KEY|PRIVATE|AUTH|COOKIE|SESSION|^INPUT_|^ACTIONS_/i;
/** Values that look like tokens (GitHub, OpenAI-style, JWTs, AWS keys, URLs with userinfo). */
const secretValue =
  /gh[pousr]_[A-Za-z0-9]{20,}|github_pat_|\bsk-[A-Za-z0-9_-]{16,}|eyJ[A-Za-z0-9_-]{10,}\.|AKIA[0-9A-Z]{16}|\/\/[^/\s:@]+:[^/\s@]+@/;

/** Returns the allowlisted, secret-free subset of `env`. */
export function scrubbedEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (!allowedNames.has(name) && !allowedPrefixes.some((p) => name.startsWith(p))) continue;
    if (secretName.test(name) || secretValue.test(value)) continue;
    out[name] = value;
  }
  out.CI ??= 'true';
  return out;
}

/**
 * The whole environment of an agent-run command: {@link scrubbedEnv} plus the workspace as git's
 * `safe.directory` and `safe.bareRepository=explicit`. Commands may run as a throw-away user that
 * does not own the runner's checkout, and git then refuses every command ("dubious ownership").
 * The settings travel in `GIT_CONFIG_COUNT`/`GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n`, per command:
 * no config file the command could edit is involved, and the bash policy refuses `GIT_*`
 * assignment prefixes and `env`, so a command line cannot replace them.
 */
export function agentCommandEnv(env: NodeJS.ProcessEnv, workspace: string): Record<string, string> {
  const scrubbed = scrubbedEnv(env);
  return {
    ...scrubbed,
    // No terminal: say so, rather than leave sudo to set `TERM=unknown`.
    TERM: scrubbed['TERM'] || 'dumb',
    GIT_CONFIG_COUNT: '3',
    GIT_CONFIG_KEY_0: 'safe.directory',
    GIT_CONFIG_VALUE_0: workspace,
    // A bare repository inside the workspace (its files written by the agent) is never found by
    // walking up from a folder: git then reads no config and runs no hook from it.
    GIT_CONFIG_KEY_1: 'safe.bareRepository',
    GIT_CONFIG_VALUE_1: 'explicit',
    // Through the sandbox's idmapped mount every file shows another owner than the index
    // recorded, and `.git` is read-only there: with the default stat check every `git status` or
    // `git diff` would re-hash the whole tree. Owner and inode are left out of the comparison
    // (mtime, size and mode still count, and racily clean entries are still compared by content).
    GIT_CONFIG_KEY_2: 'core.checkStat',
    GIT_CONFIG_VALUE_2: 'minimal',
  };
}

/**
 * The runner's environment minus every secret-named variable (`INPUT_*`, `ACTIONS_*`, tokens …),
 * for the action's own git commands: they need the runner's proxies and CA settings, which the
 * allowlist above does not carry, but never the inputs (the token reaches git per command).
 */
export function withoutSecrets(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && !secretName.test(name)) out[name] = value;
  }
  return out;
}
