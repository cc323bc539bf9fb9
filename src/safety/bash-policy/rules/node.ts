/**
 * Node.js tools: package-manager scripts, `npx --no-install`, `node <file>`/`node --test`, and
 * linters/formatters in check mode. Installing packages by name and evaluating code given on
 * the command line are hard denials.
 */
import { type Denial, deny, notAllowed } from '../denial.js';
import { findOption, type Rule } from './rule.js';

const installHint = 'Installing packages is not allowed; the dependencies in the lockfile are what you have.';
const evalHint =
  'Write the code to a file in the workspace (write_file) and run that file, or run the project tests.';

/** Config options that point npm at other registries, shells or credentials. */
const npmDangerous = [
  '--script-shell',
  '--node-options',
  '--userconfig',
  '--globalconfig',
  '--registry',
  '--init-module',
  '--call',
];
const scriptNames = new Set([
  'test',
  'lint',
  'build',
  'typecheck',
  'type-check',
  'check',
  'compile',
  'coverage',
  'format:check',
  'lint:check',
]);

export const npm: Rule = (args) => {
  const bad =
    findOption(args, { long: npmDangerous, exact: ['-c'] }) ?? args.find((a) => /^--@.*registry/.test(a));
  if (bad)
    return deny(
      'npm-config-option',
      `\`npm ${bad}\` changes which shell, registry or config npm uses; it is not allowed.`,
    );
  const [sub, ...rest] = args.filter((a) => !a.startsWith('-') || a === '--');
  if (sub === undefined) return undefined; // `npm --version`, `npm -v`
  switch (sub) {
    case 'test':
    case 't':
    case 'tst':
    case 'run':
    case 'run-script':
    case 'rum':
    case 'urn':
    case 'ls':
    case 'list':
    case 'la':
    case 'll':
    case 'outdated':
    case 'why':
    case 'explain':
    case 'version':
      return undefined;
    case 'ci':
      return undefined;
    case 'install':
    case 'i':
    case 'in':
    case 'ins':
    case 'inst':
    case 'isnt':
    case 'add':
      return rest.length === 0
        ? undefined
        : deny('npm-install-package', `\`npm ${sub} ${rest.join(' ')}\`: ${installHint}`);
    case 'audit':
      return rest.includes('fix')
        ? notAllowed('npm-subcommand', '`npm audit fix` changes dependencies.')
        : undefined;
    case 'exec':
    case 'x':
    case 'explore':
    case 'publish':
    case 'unpublish':
    case 'config':
    case 'set':
    case 'get':
    case 'adduser':
    case 'login':
    case 'logout':
    case 'token':
    case 'owner':
    case 'access':
    case 'team':
    case 'whoami':
    case 'profile':
    case 'star':
    case 'deprecate':
    case 'dist-tag':
    case 'update':
    case 'up':
    case 'uninstall':
    case 'link':
      return deny(
        'npm-subcommand',
        `\`npm ${sub}\` is not allowed (it runs remote code, changes dependencies or reads credentials).`,
      );
    default:
      return notAllowed(
        'npm-subcommand',
        `\`npm ${sub}\` is not on the allowlist; use \`npm test\` or \`npm run <script>\`.`,
      );
  }
};

/** `npx --no-install <bin> …` is checked as `<bin> …`; without `--no-install` npx may download code. */
export const npx: Rule = (args, ctx) => {
  let i = 0;
  let noInstall = false;
  for (; i < args.length && args[i]!.startsWith('-'); i++) {
    const arg = args[i]!;
    if (arg === '--no-install' || arg === '--no') noInstall = true;
    else if (arg === '--offline' || arg === '--quiet' || arg === '-q') continue;
    else
      return deny(
        'npx-option',
        `\`npx ${arg}\` is not allowed (it can install packages or run a shell string).`,
      );
  }
  if (!noInstall) {
    return deny(
      'npx-install',
      `\`npx\` without \`--no-install\` can download and run any package. Use \`npx --no-install ${args[i] ?? '<bin>'} …\` for a tool the project already has.`,
    );
  }
  const rest = args.slice(i);
  return rest.length === 0
    ? deny('npx-install', '`npx --no-install` needs a command.')
    : ctx.checkNested(rest);
};

const pmBuiltins = new Set([
  'test',
  't',
  'run',
  'run-script',
  'list',
  'ls',
  'why',
  'outdated',
  'install',
  'i',
  'exec',
  '--version',
  '-v',
]);

/** pnpm and yarn: scripts, lockfile installs, and `exec` of a project binary (checked as that command). */
function packageManager(name: string): Rule {
  return (args, ctx) => {
    const filtered: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === '--filter' || arg === '-F' || arg === '--cwd' || arg === '-C' || arg === '--dir') i++;
      else if (!arg.startsWith('-') || filtered.length > 0) filtered.push(arg);
    }
    const [sub, ...rest] = filtered;
    if (sub === undefined)
      return name === 'yarn'
        ? undefined
        : notAllowed(`${name}-subcommand`, `\`${name}\` needs a subcommand.`);
    if (
      [
        'add',
        'dlx',
        'global',
        'create',
        'up',
        'upgrade',
        'remove',
        'node',
        'config',
        'set',
        'plugin',
        'publish',
        'npm',
        'login',
      ].includes(sub)
    ) {
      return deny(
        `${name}-subcommand`,
        `\`${name} ${sub}\` is not allowed (it installs or runs remote code, or changes configuration).`,
      );
    }
    if (sub === 'install' || sub === 'i') {
      const packages = rest.filter((a) => !a.startsWith('-'));
      return packages.length === 0
        ? undefined
        : deny(`${name}-install-package`, `\`${name} ${sub} ${packages.join(' ')}\`: ${installHint}`);
    }
    if (sub === 'exec') return rest.length === 0 ? undefined : ctx.checkNested(rest);
    if (pmBuiltins.has(sub) || scriptNames.has(sub)) return undefined;
    return notAllowed(
      `${name}-subcommand`,
      `\`${name} ${sub}\` is not on the allowlist; use \`${name} test\` or \`${name} run <script>\`.`,
    );
  };
}

export const pnpm = packageManager('pnpm');
export const yarn = packageManager('yarn');

const nodeValueOptions = [
  '--import',
  '--require',
  '-r',
  '--loader',
  '--experimental-loader',
  '--env-file',
  '--conditions',
  '-C',
  '--test-reporter',
  '--test-reporter-destination',
  '--test-name-pattern',
  '--test-skip-pattern',
  '--test-concurrency',
  '--test-timeout',
];

/** `node [options] <file> …`, `node --test …`; never code from `-e`/`-p`/stdin. */
export const node: Rule = (args) => {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return args[i + 1] === undefined ? stdinDenial('node') : undefined;
    if (!arg.startsWith('-')) return undefined; // the script; the rest are its arguments
    const name = arg.split('=')[0]!;
    if (
      ['-e', '--eval', '-p', '--print', '-pe', '-i', '--interactive', '-'].includes(name) ||
      (/^-[a-z]*[epi]/.test(name) && !name.startsWith('--'))
    ) {
      return deny('interpreter-eval', `\`node ${arg}\` runs code given on the command line. ${evalHint}`);
    }
    if (name.startsWith('--inspect')) return deny('node-inspect', 'The inspector is not allowed.');
    if (nodeValueOptions.includes(name)) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[++i];
      if (
        ['--import', '--require', '-r', '--loader', '--experimental-loader'].includes(name) &&
        value &&
        /^(data|https?|node):/i.test(value)
      ) {
        return deny('interpreter-eval', `\`node ${name} ${value}\` loads code from a URL. ${evalHint}`);
      }
      continue;
    }
    if (
      [
        '--test',
        '--version',
        '-v',
        '--check',
        '-c',
        '--help',
        '-h',
        '--test-only',
        '--enable-source-maps',
        '--no-warnings',
        '--trace-warnings',
        '--experimental-test-coverage',
        '--experimental-strip-types',
        '--experimental-vm-modules',
        '--watch',
      ].includes(name) ||
      name.startsWith('--max-old-space-size') ||
      name.startsWith('--stack-size') ||
      name.startsWith('--experimental-test')
    ) {
      if (['--test', '--version', '-v', '--help', '-h'].includes(name)) return undefined;
      continue;
    }
    return notAllowed('node-option', `\`node ${arg}\` is not on the allowlist.`);
  }
  return stdinDenial('node');
};

export function stdinDenial(name: string): Denial {
  return deny('interpreter-stdin', `\`${name}\` without a script file reads code from stdin. ${evalHint}`);
}

/** The soft denial for a formatter or fixer asked to rewrite files. */
export function writeModeDenial(command: string): Denial {
  return notAllowed(
    'formatter-write-mode',
    `\`${command}\` rewrites files; run it in check mode and fix the findings with edit_file (or add a rule to \`allowed-commands\`).`,
  );
}

/** A formatter or linter allowed in check mode; the write options are soft denials. */
export function checkMode(name: string, writeOptions: Parameters<typeof findOption>[1]): Rule {
  return (args) => {
    const bad = findOption(args, writeOptions);
    return bad ? writeModeDenial(`${name} ${bad}`) : undefined;
  };
}

/** A formatter that rewrites files unless one of `checkFlags` is given. */
export function requireCheckFlag(name: string, checkFlags: string[]): Rule {
  return (args) =>
    args.some((a) => checkFlags.includes(a))
      ? undefined
      : writeModeDenial(`${name} ${args.join(' ')}`.trim());
}

/** biome: `check`/`lint`/`format`/`ci` without the write flags. */
export const biome: Rule = (args) => {
  const bad = findOption(args, { long: ['--write', '--fix', '--apply', '--apply-unsafe', '--unsafe'] });
  if (bad) return writeModeDenial(`biome ${bad}`);
  const sub = args.find((a) => !a.startsWith('-'));
  return sub === undefined || ['check', 'lint', 'format', 'ci', 'version', 'explain', 'rage'].includes(sub)
    ? undefined
    : notAllowed('biome-subcommand', `\`biome ${sub}\` is not on the allowlist.`);
};
