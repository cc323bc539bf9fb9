/**
 * Python, Go, Rust, make and shell scripts: run tests, builds and checks of the project; never
 * code passed on the command line, never new code from the network, never `make VAR=…`
 * overrides (they replace the recipe's commands).
 */
import { deny, notAllowed } from '../denial.js';
import { stdinDenial } from './node.js';
import { findOption, positionals, type Rule } from './rule.js';

const evalHint =
  'Write the code to a file in the workspace (write_file) and run that file, or run the project tests.';

/** Modules `python -m` may run; each is then checked by its own rule when it has one. */
const pythonModules = new Set([
  'pytest',
  'unittest',
  'mypy',
  'black',
  'ruff',
  'flake8',
  'pylint',
  'isort',
  'pip',
  'coverage',
  'compileall',
  'py_compile',
  'json.tool',
  'doctest',
  'pyflakes',
  'pycodestyle',
  'bandit',
  'tox',
  'nox',
  'pyright',
]);

export const python: Rule = (args, ctx) => {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('-') || arg === '--')
      return arg === '--' && args[i + 1] === undefined ? stdinDenial('python') : undefined;
    if (arg.startsWith('-m')) {
      const module = arg.length > 2 ? arg.slice(2) : args[++i];
      if (module === undefined) return stdinDenial('python');
      if (!pythonModules.has(module))
        return notAllowed('python-module', `\`python -m ${module}\` is not on the allowlist.`);
      return ctx.checkNested([module === 'pip' ? 'pip' : module, ...args.slice(i + 1)]);
    }
    if (arg === '-' || /^-[a-zA-Z]*[ci]/.test(arg)) {
      return deny(
        'interpreter-eval',
        `\`python ${arg}\` runs code given on the command line or from stdin. ${evalHint}`,
      );
    }
    if (['-V', '--version', '-h', '--help'].includes(arg)) return undefined;
    if (arg === '-W' || arg === '-X') i++;
    else if (!/^-[uBOqsEIbSW]+$/.test(arg))
      return notAllowed('python-option', `\`python ${arg}\` is not on the allowlist.`);
  }
  return stdinDenial('python');
};

export const pip: Rule = (args) => {
  const sub = args.find((a) => !a.startsWith('-'));
  if (sub === undefined || ['list', 'show', 'freeze', 'check', 'help'].includes(sub)) return undefined;
  if (sub !== 'install') return notAllowed('pip-subcommand', `\`pip ${sub}\` is not on the allowlist.`);
  const bad = findOption(args, {
    long: ['--index-url', '--extra-index-url', '--trusted-host', '--find-links'],
    exact: ['-i', '-f'],
  });
  if (bad) return deny('pip-index', `\`pip install ${bad}\` installs from another index; it is not allowed.`);
  const rest = args.slice(args.indexOf('install') + 1);
  const ok = rest.every(
    (a, k) =>
      a.startsWith('-') ||
      ['-r', '--requirement', '-e', '--editable', '-c', '--constraint'].includes(rest[k - 1] ?? '') ||
      a === '.' ||
      a.startsWith('.['),
  );
  return ok
    ? undefined
    : deny(
        'pip-install-package',
        `\`pip ${rest.join(' ')}\`: installing packages by name is not allowed; use \`pip install -r <file>\` or \`pip install -e .\`.`,
      );
};

export const go: Rule = (args) => {
  const bad =
    findOption(args, { exact: ['-exec', '-toolexec', '--exec', '--toolexec'] }) ??
    args.find((a) => /^--?(toolexec|exec)=/.test(a));
  if (bad) return deny('go-exec', `\`go ${bad}\` runs another program; it is not allowed.`);
  const [sub, second] = positionals(args);
  switch (sub) {
    case undefined:
    case 'test':
    case 'vet':
    case 'build':
    case 'list':
    case 'version':
    case 'doc':
    case 'help':
      return undefined;
    case 'mod':
      return ['tidy', 'verify', 'why', 'graph', 'download'].includes(second ?? '')
        ? undefined
        : notAllowed('go-subcommand', `\`go mod ${second ?? ''}\` is not on the allowlist.`);
    case 'env':
      return deny('environment', '`go env` prints the environment; it is not allowed.');
    case 'install':
    case 'get':
      return deny('go-install', `\`go ${sub}\` downloads code; it is not allowed.`);
    default:
      return notAllowed('go-subcommand', `\`go ${sub}\` is not on the allowlist; use go test/vet/build.`);
  }
};

export const cargo: Rule = (args) => {
  const bad = findOption(args, { long: ['--config'] }) ?? args.find((a) => a === '-Z' || a.startsWith('-Z'));
  if (bad)
    return deny(
      'cargo-config',
      `\`cargo ${bad}\` overrides configuration (which can name programs to run); it is not allowed.`,
    );
  const sub = args.find((a) => !a.startsWith('-') && !a.startsWith('+'));
  switch (sub) {
    case undefined:
    case 'test':
    case 't':
    case 'build':
    case 'b':
    case 'check':
    case 'c':
    case 'doc':
    case 'bench':
    case 'tree':
    case 'metadata':
    case 'version':
      return sub === 'doc' && args.includes('--open')
        ? notAllowed('cargo-subcommand', '`cargo doc --open` opens a browser.')
        : undefined;
    case 'clippy':
      return findOption(args, { long: ['--fix'] })
        ? notAllowed(
            'formatter-write-mode',
            '`cargo clippy --fix` rewrites files; fix the findings with edit_file.',
          )
        : undefined;
    case 'fmt':
      return args.includes('--check')
        ? undefined
        : notAllowed(
            'formatter-write-mode',
            '`cargo fmt` rewrites files; run `cargo fmt --check` and fix the findings with edit_file.',
          );
    case 'install':
    case 'publish':
    case 'login':
    case 'owner':
    case 'yank':
    case 'add':
      return deny(
        'cargo-subcommand',
        `\`cargo ${sub}\` downloads code or uses credentials; it is not allowed.`,
      );
    default:
      return notAllowed(
        'cargo-subcommand',
        `\`cargo ${sub}\` is not on the allowlist; use cargo test/build/check/clippy.`,
      );
  }
};

export const make: Rule = (args) => {
  const override = args.find((a) => !a.startsWith('-') && a.includes('='));
  if (override)
    return deny(
      'make-variable-override',
      `\`make ${override}\` overrides a variable, which can replace the commands a recipe runs; run a target as written.`,
    );
  const bad = findOption(args, { long: ['--eval'], exact: ['-E'] });
  if (bad) return deny('make-eval', `\`make ${bad}\` evaluates text as a makefile; it is not allowed.`);
  return undefined;
};

/** `bash script.sh` runs a workspace script; `bash -c`/stdin is code from the command line. */
export function shell(name: string): Rule {
  return (args) => {
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === '-o' || arg === '+o') {
        i++;
        continue;
      }
      if (!arg.startsWith('-') && !arg.startsWith('+')) return undefined;
      if (/^[-+][a-zA-Z]*[csi]/.test(arg) || arg === '-' || arg === '--') {
        return deny(
          'shell-eval',
          `\`${name} ${arg}\` runs a command string or stdin. Run the commands directly, or write a script file and run it.`,
        );
      }
      if (!/^-[euxvn]+$/.test(arg))
        return notAllowed('shell-option', `\`${name} ${arg}\` is not on the allowlist.`);
    }
    return stdinDenial(name);
  };
}

/** Interpreters that are not on the allowlist, with the options that evaluate code: hard denials. */
export function otherInterpreter(name: string, evalOptions: string[]): Rule {
  return (args) => {
    const bad = args.find((a) =>
      evalOptions.some((o) => a === o || (o.startsWith('-') && !o.startsWith('--') && a.startsWith(o))),
    );
    if (bad)
      return deny('interpreter-eval', `\`${name} ${bad}\` runs code given on the command line. ${evalHint}`);
    if (positionals(args).length === 0) return stdinDenial(name);
    return notAllowed('command-not-allowed', `\`${name}\` is not on the allowlist.`);
  };
}
