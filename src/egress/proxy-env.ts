/**
 * The variables that point agent-run commands at the egress proxy. Each tool family reads its
 * own: curl, pip, git and most HTTP clients the `*_proxy` pair, npm its `npm_config_*`, pip also
 * `PIP_PROXY`, and Node 24's fetch only with `NODE_USE_ENV_PROXY=1`.
 */

/**
 * The environment for commands behind the proxy at `http://127.0.0.1:<port>`. `NO_PROXY` names
 * only `localhost` and `127.0.0.1`, so a listed address elsewhere in 127/8 still goes through the
 * proxy (and is checked). Lifecycle scripts of installed packages are off (see {@link lifecycleScriptsOff}).
 */
export function proxyEnv(port: number): Record<string, string> {
  const url = `http://127.0.0.1:${port}`;
  const noProxy = 'localhost,127.0.0.1';
  return {
    HTTPS_PROXY: url,
    HTTP_PROXY: url,
    https_proxy: url,
    http_proxy: url,
    NO_PROXY: noProxy,
    no_proxy: noProxy,
    npm_config_proxy: url,
    npm_config_https_proxy: url,
    npm_config_noproxy: noProxy,
    PIP_PROXY: url,
    NODE_USE_ENV_PROXY: '1',
    ...lifecycleScriptsOff(),
  };
}

/**
 * `--ignore-scripts` for npm, pnpm and yarn as environment: a package's install scripts are code
 * from the registry, run with the workspace writable. The environment outranks a project `.npmrc`;
 * a command line still outranks it, which is why the bash policy refuses `--ignore-scripts=false`.
 */
export function lifecycleScriptsOff(): Record<string, string> {
  return { npm_config_ignore_scripts: 'true', YARN_ENABLE_SCRIPTS: 'false' };
}
