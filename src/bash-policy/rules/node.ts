/**
 * Node.js tools. `node <file>`, test runners and package scripts run the workspace's code, so
 * they need an isolating sandbox; so does `node --check` (preloads and `--env-file`, whose
 * `NODE_OPTIONS` can preload anything), every binary run from `node_modules/.bin` (`npx`,
 * `pnpm exec`: the file is the workspace's, whatever its name), `yarn <name>`/`pnpm <name>`
 * (a package script of that name runs first) and `yarn --version` (`yarnPath` in `.yarnrc.yml`
 * runs a workspace file). Code given on the command line is refused, and every option that loads
 * a module (`--import`, `--require`, `--loader`, `--test-reporter`, `--env-file` …) names a file
 * that is checked (never one the agent wrote this run, never a URL).
 */
import { deny, notAllowed } from '../denial.js';
import { findParsed, optionTable as t } from '../options.js';
import { checkArgs, isDenial, type Rule, stdinDenial } from './rule.js';

const nodeTable = t({
  short: 'e! p! i! c v h r:load C:text',
  long: 'eval! print! interactive! check version help require=load import=load loader=load experimental-loader=load test-reporter=load test-reporter-destination=write test test-only test-name-pattern=pat test-skip-pattern=pat test-concurrency=num test-timeout=num test-force-exit test-update-snapshots test-shard=text test-isolation=e:process|none test-coverage-include=pat test-coverage-exclude=pat test-coverage-lines=num test-coverage-branches=num test-coverage-functions=num test-global-setup=load experimental-test-coverage experimental-test-module-mocks experimental-test-snapshots experimental-test-isolation=text experimental-strip-types no-experimental-strip-types experimental-transform-types experimental-vm-modules experimental-specifier-resolution=text experimental-detect-module experimental-require-module no-experimental-require-module experimental-wasm-modules experimental-json-modules experimental-import-meta-resolve experimental-sqlite experimental-websocket experimental-eventsource experimental-network-inspection! experimental-policy! experimental-permission permission allow-fs-read=read allow-fs-write=write allow-child-process allow-worker allow-wasi allow-addons enable-source-maps no-warnings no-deprecation trace-warnings trace-deprecation trace-uncaught throw-deprecation pending-deprecation unhandled-rejections=e:strict|warn|throw|none|warn-with-error-code max-old-space-size=num max-semi-space-size=num stack-size=num stack-trace-limit=num conditions=text input-type=e:module|commonjs|module-typescript|commonjs-typescript env-file=load env-file-if-exists=load watch watch-path=read watch-preserve-output preserve-symlinks preserve-symlinks-main abort-on-uncaught-exception disable-warning=text dns-result-order=text no-addons no-global-search-paths frozen-intrinsics heapsnapshot-near-heap-limit=num title=text tls-min-v1.2 tls-max-v1.3 use-openssl-ca use-bundled-ca zero-fill-buffers expose-gc inspect! inspect-brk! inspect-port! inspect-wait! debug-port! openssl-config! openssl-legacy-provider snapshot-blob! build-snapshot! experimental-sea-config! redirect-warnings=write report-dir=write diagnostic-dir=write cpu-prof cpu-prof-dir=write heap-prof heap-prof-dir=write prof trace-exit icu-data-dir! secure-heap=num localstorage-file=write experimental-default-type=e:module|commonjs',
  permute: false,
  rule: 'interpreter-eval',
  reasons: {
    inspect: 'the inspector accepts code over a socket',
    'inspect-brk': 'the inspector accepts code over a socket',
    'inspect-port': 'the inspector',
    'inspect-wait': 'the inspector',
    'debug-port': 'the inspector',
    'experimental-network-inspection': 'the inspector',
    'experimental-policy': 'it loads a policy file',
    'openssl-config': 'it loads an OpenSSL configuration (which can load engines)',
    'snapshot-blob': 'it loads a heap snapshot (code)',
    'build-snapshot': 'it writes a snapshot',
    'experimental-sea-config': 'it builds an executable',
    'icu-data-dir': 'it loads data from a folder',
    e: 'it evaluates code given on the command line',
    p: 'it evaluates code given on the command line',
    i: 'it reads code from stdin',
    eval: 'it evaluates code given on the command line',
    print: 'it evaluates code given on the command line',
    interactive: 'it reads code from stdin',
  },
});

/** `node [options] <file> …`, `node --test …`; never code from `-e`/`-p`/stdin. */
export function node(name: string): Rule {
  return (args, ctx) => {
    const parsed = checkArgs(name, nodeTable, args, ctx, 'text');
    if (isDenial(parsed)) return parsed;
    if (findParsed(parsed, 'version', 'v', 'help', 'h')) return undefined;
    const test = findParsed(parsed, 'test') !== undefined;
    const [script] = parsed.rest;
    if (!script && !test) return stdinDenial(name);
    if (script && (script.value === '-' || script.value.startsWith('/dev/')))
      return stdinDenial(name, script.value);
    if (script) {
      const problem = ctx.checkPath(script, 'read');
      if (problem) return problem;
    }
    return ctx.workspaceCode(
      `\`${name}\` runs ${script ? `\`${script.value}\` (with \`--check\`, still its preloads and \`--env-file\`)` : 'the test files'}`,
    );
  };
}

const installHint = 'Installing packages is not allowed; the dependencies in the lockfile are what you have.';

/**
 * npm reads every `--key=value` as configuration (`--script-shell`, `--node-options`,
 * `--userconfig` name programs and files) and expands abbreviations and shorthands (`-reg` is
 * `--registry`), so only these exact spellings are accepted.
 */
const npmOptions = new Set([
  '--silent',
  '-s',
  '--quiet',
  '-q',
  '--loglevel=silent',
  '--loglevel=error',
  '--loglevel=warn',
  '--loglevel=info',
  '--loglevel=verbose',
  '--if-present',
  '--ignore-scripts',
  '--no-audit',
  '--no-fund',
  '--prefer-offline',
  '--offline',
  '--no-progress',
  '--json',
  '--parseable',
  '--long',
  '-l',
  '--all',
  '-a',
  '--production',
  '--omit=dev',
  '--omit=optional',
  '--omit=peer',
  '--include=dev',
  '--legacy-peer-deps',
  '--strict-peer-deps',
  '--workspaces',
  '-ws',
  '--include-workspace-root',
  '--no-workspaces',
  '--color=false',
  '--color=always',
  '--no-color',
  '--depth=0',
  '--depth=1',
  '--depth=2',
  '--version',
  '-v',
  '--help',
  '-h',
  '--foreground-scripts',
  '--no-save',
  '--frozen-lockfile',
  '--dry-run',
  '--audit-level=low',
  '--audit-level=moderate',
  '--audit-level=high',
  '--audit-level=critical',
  '--global-style',
  '--install-links=false',
]);

/** `npm install` and every alias npm accepts for it: with package names they install packages. */
const npmInstalls = new Set([
  'install',
  'i',
  'in',
  'ins',
  'inst',
  'insta',
  'instal',
  'isnt',
  'isntal',
  'isntall',
  'add',
]);
const npmScripts = new Set([
  ...npmInstalls,
  'test',
  't',
  'tst',
  'run',
  'run-script',
  'rum',
  'urn',
  'ci',
  'clean-install',
  'ic',
  'install-clean',
  'start',
  'stop',
  'restart',
  'rebuild',
  'rb',
  'pack',
  'install-test',
  'it',
  'install-ci-test',
  'cit',
]);
const npmReadOnly = new Set([
  'ls',
  'list',
  'la',
  'll',
  'outdated',
  'why',
  'explain',
  'version',
  'view',
  'info',
  'show',
  'v',
  'audit',
  'query',
  'fund',
  'doctor',
  'prefix',
  'root',
]);

/** npm: scripts and lockfile installs run the project's code; the rest is read-only or refused. */
export const npm: Rule = (args, ctx) => {
  const positional: string[] = [];
  let afterDashDash = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!.value;
    if (afterDashDash) {
      // After `--` npm reads no more options, but the first word is still the subcommand
      // (`npm -- test` runs the test script); the rest are arguments for the script.
      if (positional.length === 0) positional.push(arg);
      continue;
    }
    if (arg === '--') {
      afterDashDash = true;
      continue;
    }
    if (arg === '-w' || arg === '--workspace') {
      const value = args[++i];
      if (!value) return notAllowed('npm-option', `\`npm ${arg}\` needs a workspace name.`);
      const problem = ctx.checkPath(value, 'read');
      if (problem) return problem;
      continue;
    }
    if (/^--workspace=/.test(arg)) {
      const problem = ctx.checkPath({ value: arg.slice(12), glob: false }, 'read');
      if (problem) return problem;
      continue;
    }
    if (arg.startsWith('-')) {
      if (npmOptions.has(arg)) continue;
      return deny(
        'npm-config-option',
        `\`npm ${arg}\`: npm reads options as configuration (some name the shell, registry or config files it uses), so only a fixed set of spellings is allowed (e.g. --silent, --if-present, --ignore-scripts).`,
      );
    }
    positional.push(arg);
  }
  const [sub, ...rest] = positional;
  if (sub === undefined) return undefined; // `npm --version`
  if (npmReadOnly.has(sub)) {
    if (sub === 'audit' && rest.includes('fix'))
      return notAllowed('npm-subcommand', '`npm audit fix` changes dependencies.');
    // `npm version <new>` rewrites package.json, commits and runs the version scripts.
    if (sub === 'version' && rest.length > 0)
      return deny(
        'npm-subcommand',
        '`npm version <new>` changes package.json, commits and runs scripts; edit the version with edit_file.',
      );
    if (['view', 'info', 'show', 'v', 'doctor', 'fund', 'help'].includes(sub))
      return deny('npm-subcommand', `\`npm ${sub}\` queries the registry; network access is not available.`);
    return undefined;
  }
  if (npmScripts.has(sub)) {
    if (npmInstalls.has(sub) && rest.length > 0)
      return deny('npm-install-package', `\`npm ${sub} ${rest.join(' ')}\`: ${installHint}`);
    return ctx.workspaceCode(`\`npm ${sub}\` runs the project's scripts`);
  }
  if (
    [
      'exec',
      'x',
      'explore',
      'publish',
      'unpublish',
      'config',
      'c',
      'set',
      'get',
      'adduser',
      'login',
      'logout',
      'token',
      'owner',
      'access',
      'team',
      'whoami',
      'profile',
      'star',
      'deprecate',
      'dist-tag',
      'update',
      'up',
      'upgrade',
      'uninstall',
      'remove',
      'rm',
      'un',
      'unlink',
      'link',
      'ln',
      'init',
      'create',
      'edit',
      'hook',
      'org',
      'sbom',
      'search',
      'repo',
      'docs',
      'bugs',
      'pkg',
      'cache',
      'dedupe',
      'prune',
      'shrinkwrap',
      'exec-sh',
    ].includes(sub)
  )
    return deny(
      'npm-subcommand',
      `\`npm ${sub}\` is not allowed (it runs remote code, changes dependencies or configuration, or reads credentials).`,
    );
  return notAllowed(
    'npm-subcommand',
    `\`npm ${sub}\` is not on the allowlist; use \`npm test\` or \`npm run <script>\`.`,
  );
};

/** `npx --no-install <bin> …` is checked as `<bin> …`; without `--no-install` npx may download code. */
export const npx: Rule = (args, ctx) => {
  let i = 0;
  let noInstall = false;
  for (; i < args.length && args[i]!.value.startsWith('-'); i++) {
    const arg = args[i]!.value;
    if (arg === '--no-install' || arg === '--no' || arg === '--offline') noInstall = true;
    else if (arg === '--quiet' || arg === '-q' || arg === '--') continue;
    else
      return deny(
        'npx-option',
        `\`npx ${arg}\` is not allowed (it can install packages or run a shell string).`,
      );
  }
  if (!noInstall)
    return deny(
      'npx-install',
      `\`npx\` without \`--no-install\` can download and run any package. Use \`npx --no-install ${args[i]?.value ?? '<bin>'} …\` for a tool the project already has.`,
    );
  const rest = args.slice(i);
  if (rest.length === 0) return deny('npx-install', '`npx --no-install` needs a command.');
  return (
    ctx.checkNested(rest) ??
    ctx.workspaceCode(
      `\`npx ${rest[0]!.value}\` runs \`node_modules/.bin/${rest[0]!.value}\`, a file of the workspace`,
    )
  );
};
