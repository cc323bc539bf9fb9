/**
 * The runner's own git settings the action's git keeps, although it reads no system or global
 * configuration file (`git-env.ts`): how to reach the server (proxy, TLS, URL rewrites) and who
 * the user is (the local runner's commits). Everything else there (aliases, LFS filters, hooks,
 * `safe.directory`, which an explicit `GIT_DIR` makes moot) is left behind. Read once, at the
 * manager's first command, which every caller runs before the agent does: a file an agent-run
 * command writes later is never read.
 */
import { execa } from 'execa';
import { withoutGitVariables } from './git-env.js';

/** The variables kept per section; `http.<url>.<name>` counts as `http`. */
const KEPT: Readonly<Record<string, RegExp>> = {
  http: /^(proxy|proxyauthmethod|proxyssl\w+|sslverify|sslcainfo|sslcapath|sslcert|sslkey|sslcerttype|sslkeytype|sslbackend|sslversion|sslcipherlist|version|lowspeedlimit|lowspeedtime|postbuffer|schannel\w+)$/,
  url: /^(insteadof|pushinsteadof)$/,
  user: /^(name|email)$/,
};

/** Whether `key` (as `git config --list` prints it: section and name lower case) is carried. */
export function isCarriedSetting(key: string): boolean {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first < 0) return false;
  const rule = KEPT[key.slice(0, first)];
  // `url` settings always have a subsection (the URL); `user` never does.
  if (key.startsWith('url.') && first === last) return false;
  if (key.startsWith('user.') && first !== last) return false;
  return rule?.test(key.slice(last + 1)) ?? false;
}

/** Parses `git config --list --null` output ("key\nvalue\0", or "key\0" for a bare boolean). */
export function parseConfigList(text: string): [string, string][] {
  return text
    .split('\0')
    .filter((entry) => entry !== '')
    .map((entry) => {
      const newline = entry.indexOf('\n');
      return newline < 0 ? [entry, 'true'] : [entry.slice(0, newline), entry.slice(newline + 1)];
    });
}

/** The carried settings of the system file, then the global one (so the global wins, as in git). */
export async function readRunnerGitSettings(
  env: Readonly<Record<string, string | undefined>>,
): Promise<[string, string][]> {
  // Which files those are is the runner's choice, so its GIT_CONFIG_* pointers are honoured here.
  const pointers = Object.fromEntries(
    ['GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM', 'GIT_CONFIG_NOSYSTEM'].flatMap((name) =>
      env[name] === undefined ? [] : [[name, env[name] as string]],
    ),
  );
  const settings: [string, string][] = [];
  for (const scope of ['--system', '--global']) {
    // From `/`: an `includeIf "gitdir:…"` is about the runner's folders, not the workspace.
    const result = await execa('git', ['config', scope, '--includes', '--null', '--list'], {
      cwd: '/',
      env: { ...withoutGitVariables(env), ...pointers },
      extendEnv: false,
      reject: false,
    });
    if (result.exitCode !== 0) continue;
    settings.push(...parseConfigList(String(result.stdout)).filter(([key]) => isCarriedSetting(key)));
  }
  return settings;
}
