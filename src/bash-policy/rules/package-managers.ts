/**
 * pnpm and yarn: lockfile installs and package scripts (the project's code); `exec` and
 * `<name>` run a file from `node_modules/.bin` or a package script of that name, so they are
 * the project's code too, and `-C`/`--dir`/`--cwd` move where everything they run resolves.
 */
import { deny, notAllowed } from '../denial.js';
import { isDenial, type Rule } from './rule.js';

const installHint = 'Installing packages is not allowed; the dependencies in the lockfile are what you have.';

const pmRefused = new Set([
  'add',
  'dlx',
  'global',
  'create',
  'up',
  'upgrade',
  'update',
  'remove',
  'rm',
  'node',
  'config',
  'set',
  'plugin',
  'publish',
  'npm',
  'login',
  'logout',
  'link',
  'unlink',
  'import',
  'patch',
  'patch-commit',
  'env',
  'setup',
  'self-update',
  'policies',
  'version',
  'pack',
  'info',
  'view',
  'whoami',
]);
const pmReadOnly = new Set(['list', 'ls', 'why', 'outdated', 'licenses', 'audit', 'workspaces']);
const pmScripts = new Set([
  'test',
  't',
  'run',
  'run-script',
  'install',
  'i',
  'ci',
  'rebuild',
  'start',
  'build',
  'lint',
  'typecheck',
  'check',
  'format',
  'coverage',
]);

/** pnpm and yarn: scripts and lockfile installs; `exec`, `dlx`-free binaries checked as that command. */
function packageManager(name: 'pnpm' | 'yarn'): Rule {
  return (args, outer) => {
    let ctx = outer;
    const words = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!.value;
      if (words.length > 0) {
        words.push(args[i]!);
        continue;
      }
      if (['--filter', '-F', '--cwd', '-C', '--dir', '-w', '--workspace-root'].includes(arg)) {
        if (arg === '-w' || arg === '--workspace-root') continue;
        const value = args[++i];
        if (!value) return notAllowed(`${name}-option`, `\`${name} ${arg}\` needs a value.`);
        if (arg !== '--filter' && arg !== '-F') {
          // The package manager, and what it runs, work in that folder.
          const moved = ctx.chdir(value);
          if (isDenial(moved)) return moved;
          ctx = moved;
        }
        continue;
      }
      if (
        [
          '--frozen-lockfile',
          '--immutable',
          '--prefer-offline',
          '--offline',
          '--silent',
          '-s',
          '--reporter=silent',
          '--recursive',
          '-r',
          '--parallel',
          '--if-present',
          '--no-bail',
          '--stream',
          '--version',
          '-v',
          '--help',
          '-h',
          '--ignore-scripts',
          '--prod',
          '--production',
          '--dev',
          '--no-optional',
          '--non-interactive',
          '--check-files',
          '--strict-peer-dependencies',
          '--aggregate-output',
          '--workspace-concurrency=1',
        ].includes(arg)
      )
        continue;
      if (arg.startsWith('-'))
        return deny(
          `${name}-option`,
          `\`${name} ${arg}\` is not an option the policy knows (package-manager options can name registries, shells and config files).`,
        );
      words.push(args[i]!);
    }
    const [subWord, ...rest] = words;
    if (args.some((a) => ['--version', '-v', '--help', '-h'].includes(a.value)) && words.length === 0)
      return ctx.workspaceCode(
        `\`${name} --version\` runs the package manager the project's configuration names (\`yarnPath\`, \`packageManager\`)`,
      );
    if (subWord === undefined)
      return name === 'yarn'
        ? ctx.workspaceCode('`yarn` installs and runs lifecycle scripts')
        : notAllowed(`${name}-subcommand`, `\`${name}\` needs a subcommand.`);
    const sub = subWord.value;
    if (pmRefused.has(sub))
      return deny(
        `${name}-subcommand`,
        `\`${name} ${sub}\` is not allowed (it installs or runs remote code, or changes configuration).`,
      );
    if (pmReadOnly.has(sub)) {
      // `yarn workspaces foreach run …` runs every workspace's scripts.
      if (sub === 'workspaces' && !['list', 'info'].includes(rest[0]?.value ?? ''))
        return ctx.workspaceCode(
          `\`${name} workspaces ${rest[0]?.value ?? ''}\` runs the workspaces' scripts`,
        );
      return undefined;
    }
    if (sub === 'install' || sub === 'i') {
      const packages = rest.filter((a) => !a.value.startsWith('-'));
      if (packages.length > 0)
        return deny(
          `${name}-install-package`,
          `\`${name} ${sub} ${packages.map((p) => p.value).join(' ')}\`: ${installHint}`,
        );
    }
    if (sub === 'exec') {
      if (rest.length === 0) return notAllowed(`${name}-subcommand`, `\`${name} exec\` needs a command.`);
      return (
        ctx.checkNested(rest) ??
        ctx.workspaceCode(`\`${name} exec ${rest[0]!.value}\` runs a file from \`node_modules/.bin\``)
      );
    }
    if (pmScripts.has(sub)) return ctx.workspaceCode(`\`${name} ${sub}\` runs the project's scripts`);
    // `yarn jest`, `pnpm tsc`: a package script of that name if there is one, else the binary
    // from node_modules/.bin: the project's code either way.
    return (
      ctx.checkNested(words) ??
      ctx.workspaceCode(
        `\`${name} ${sub}\` runs the package script \`${sub}\` (or \`node_modules/.bin/${sub}\`)`,
      )
    );
  };
}

export const pnpm = packageManager('pnpm');
export const yarn = packageManager('yarn');
