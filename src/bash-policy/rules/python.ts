/**
 * Python: python, pip, uv, poetry and the `python -m` targets without a command of their own.
 * Everything Python runs can import workspace code (`sys.path` starts with the current folder
 * or the script's, and `PYTHONPATH` brings `sitecustomize`), so all of it needs the sandbox;
 * code given on the command line, installs by package name, other package indexes and
 * publishing are refused, and the options that write (`-X pycache_prefix`, `compileall`,
 * `json.tool IN OUT`) are typed writes.
 */
import { deny, notAllowed } from '../denial.js';
import { findParsed, type ParsedArgs, optionTable as t } from '../options.js';
import { checkArgs, isDenial, literal, type Rule, type RuleContext, stdinDenial } from './rule.js';

const pythonTable = t({
  short: 'b B c! d E h i! I m:text$ O P q s S u v V W:text x X:text',
  long: 'help version help-env help-xoptions help-all check-hash-based-pycs=e:always|default|never',
  permute: false,
  abbreviations: false,
  rule: 'interpreter-eval',
  reasons: { c: 'it runs code given on the command line', i: 'it reads code from stdin' },
});

/** Modules `python -m` may run, mapped to the command whose rule checks the rest. */
const pythonModules: Record<string, string> = {
  pytest: 'pytest',
  unittest: 'python-unittest',
  mypy: 'mypy',
  black: 'black',
  ruff: 'ruff',
  flake8: 'flake8',
  pylint: 'pylint',
  isort: 'isort',
  pip: 'pip',
  coverage: 'coverage',
  compileall: 'python-compileall',
  py_compile: 'python-compileall',
  'json.tool': 'python-json.tool',
  doctest: 'python-unittest',
  pyflakes: 'flake8',
  pycodestyle: 'flake8',
  bandit: 'bandit',
  tox: 'tox',
  nox: 'nox',
  pyright: 'pyright',
  venv: 'python-venv',
  build: 'python-build',
  mkdocs: 'python-build',
  sphinx: 'python-build',
};

/** `-X` options: `pycache_prefix` writes a folder, `presite` imports a module before anything else. */
function checkXOptions(parsed: ParsedArgs, ctx: RuleContext) {
  for (const option of parsed.options) {
    if (option.def.name !== 'X' || !option.value) continue;
    const [key, value] = option.value.value.split(/=(.*)/s) as [string, string | undefined];
    if (key === 'presite')
      return deny('python-option', '`python -X presite=…` imports a module before the program; not allowed.');
    if (key === 'pycache_prefix' && value !== undefined) {
      const problem = ctx.checkPath(literal(value), 'write');
      if (problem) return problem;
    }
  }
  return undefined;
}

/**
 * python: every form runs code from the workspace: a script, a module (`-m` puts the current
 * folder first on `sys.path`, so even `-m json.tool` imports a workspace `json/`), and
 * `sitecustomize` from `PYTHONPATH` before either. Only `--version`/`--help` run none.
 */
export const python =
  (name: string): Rule =>
  (args, ctx) => {
    const parsed = checkArgs(name, pythonTable, args, ctx, 'text');
    if (isDenial(parsed)) return parsed;
    if (findParsed(parsed, 'version', 'V', 'help', 'h')) return undefined;
    const xProblem = checkXOptions(parsed, ctx);
    if (xProblem) return xProblem;
    const module = findParsed(parsed, 'm');
    if (module) {
      const target = pythonModules[module.value?.value ?? ''];
      if (!target)
        return notAllowed('python-module', `\`${name} -m ${module.value?.value}\` is not on the allowlist.`);
      return (
        ctx.checkNested([{ value: target, glob: false }, ...parsed.rest]) ??
        ctx.workspaceCode(
          `\`${name} -m ${module.value?.value}\` imports modules from the current folder first`,
        )
      );
    }
    const [script] = parsed.rest;
    if (!script || script.value === '-' || script.value.startsWith('/dev/'))
      return stdinDenial(name, script?.value);
    return ctx.checkPath(script, 'read') ?? ctx.workspaceCode(`\`${name} ${script.value}\` runs a script`);
  };

/** `python -m` targets without their own command name. */
export const pythonModuleRules: Record<string, Rule> = {
  'python-unittest': (_args, ctx) => ctx.workspaceCode('`python -m unittest` runs the tests'),
  'python-build': (_args, ctx) => ctx.workspaceCode("building runs the project's build code"),
  'python-compileall': (args, ctx) => {
    // It writes `__pycache__` next to every file it compiles: its operands are writes.
    const parsed = checkArgs(
      'compileall',
      t({
        short: 'l r:num f q b d:text s:text p:text x:pat i:list j:num o:num e:text',
        long: 'invalidation-mode=text hardlink-dupes',
      }),
      args,
      ctx,
      'write',
    );
    return isDenial(parsed) ? parsed : undefined;
  },
  'python-json.tool': (args, ctx) => {
    const parsed = checkArgs(
      'json.tool',
      t({ long: 'sort-keys no-ensure-ascii json-lines indent=num tab no-indent compact help', short: 'h' }),
      args,
      ctx,
      ['read', 'write'],
    );
    return isDenial(parsed) ? parsed : undefined;
  },
  'python-venv': (args, ctx) => {
    const parsed = checkArgs(
      'venv',
      t({
        long: 'system-site-packages symlinks copies clear upgrade without-pip prompt=text upgrade-deps without-scm-ignore-files help',
        short: 'h',
      }),
      args,
      ctx,
      'write',
    );
    return isDenial(parsed) ? parsed : undefined;
  },
};

const pipInstall = t({
  short: 'r:read c:read e:read U t:write q v I i! f! h',
  long: 'requirement=read constraint=read editable=read upgrade user no-deps pre no-cache-dir quiet verbose break-system-packages require-hashes no-build-isolation only-binary=text no-binary=text prefer-binary target=write ignore-installed force-reinstall upgrade-strategy=e:eager|only-if-needed no-warn-script-location disable-pip-version-check no-color progress-bar=text index-url! extra-index-url! find-links! trusted-host! no-index prefix! root! src! config-settings=text global-option! install-option! dry-run report=write group=text help',
  reasons: {
    i: 'it installs from another index',
    f: 'it installs from other links',
    'index-url': 'it installs from another index',
    'extra-index-url': 'it installs from another index',
    'find-links': 'it installs from other links',
    'trusted-host': 'it trusts another host',
    prefix: 'it installs outside the environment',
    root: 'it installs outside the environment',
    src: 'not needed',
    'global-option': 'it passes options to setup.py',
    'install-option': 'it passes options to setup.py',
  },
});

const urlLike = /^[a-z][\w+.-]*:|:\/\/|^git@|@\s*(https?|git|file):/i;

/** pip: listings; `install -r <file>`, `-e <dir>`, `.`: never by package name or from a URL. */
export const pip: Rule = (args, ctx) => {
  const [sub, ...rest] = args;
  if (
    sub === undefined ||
    ['list', 'show', 'freeze', 'check', 'help', '--version', '-V', 'inspect'].includes(sub.value)
  )
    return undefined;
  if (sub.value !== 'install')
    return notAllowed('pip-subcommand', `\`pip ${sub.value}\` is not on the allowlist.`);
  for (const word of rest) {
    if (urlLike.test(word.value.replace(/^-[erc]|^--(editable|requirement|constraint)=/, '')))
      return deny(
        'pip-url',
        `\`pip install ${word.value}\` installs from a URL; network sources are not allowed.`,
      );
  }
  const parsed = checkArgs('pip install', pipInstall, rest, ctx, 'text');
  if (isDenial(parsed)) return parsed;
  const byName = parsed.operands.find(
    (o) => !(o.value === '.' || o.value.startsWith('./') || /^\.\[[\w,-]+\]$/.test(o.value)),
  );
  if (byName)
    return deny(
      'pip-install-package',
      `\`pip install ${byName.value}\`: installing packages by name is not allowed; use \`pip install -r <file>\` or \`pip install -e .\`.`,
    );
  return ctx.workspaceCode('`pip install` of the project runs its build code');
};

/** uv and poetry: project environments; `run <cmd>` is checked as that command too. */
export function pythonProject(name: 'uv' | 'poetry'): Rule {
  return (args, outer) => {
    // `--directory`/`--project`/`-C`: the tool and what it runs work in that folder.
    let ctx = outer;
    for (let i = 0; i < args.length; i++) {
      const match = /^(--directory|--project|-C|-P)(=(.*))?$/.exec(args[i]!.value);
      if (!match) continue;
      const dir = match[2] !== undefined ? literal(match[3]!) : args[i + 1];
      if (!dir) return notAllowed(`${name}-option`, `\`${name} ${match[1]}\` needs a folder.`);
      const moved = ctx.chdir(dir);
      if (isDenial(moved)) return moved;
      ctx = moved;
    }
    // uv's `--with` adds packages to the run; poetry's `--with` names dependency groups.
    const refused =
      name === 'uv'
        ? /^--?(index(-url)?|extra-index-url|find-links|default-index|with|with-requirements|from|trusted-host|f)$/
        : /^--?(index(-url)?|source)$/;
    const bad = args.find((a) => refused.test(a.value.split('=')[0]!));
    if (bad)
      return deny(
        `${name}-option`,
        `\`${name} ${bad.value}\` adds packages or package sources; not allowed.`,
      );
    const operands = args.filter(
      (a, i) => !a.value.startsWith('-') && !/^(--directory|--project|-C|-P)$/.test(args[i - 1]?.value ?? ''),
    );
    const sub = operands[0]?.value;
    if (sub === undefined)
      return args.some((a) => ['--version', '-V', '--help', '-h'].includes(a.value))
        ? undefined
        : notAllowed(`${name}-subcommand`, `\`${name}\` needs a subcommand.`);
    if (sub === 'pip' && operands[1]?.value === 'install') {
      const at = args.findIndex((a) => a.value === 'install');
      return ctx.checkNested([{ value: 'pip', glob: false }, ...args.slice(at)]);
    }
    if (
      [
        'add',
        'remove',
        'publish',
        'self',
        'tool',
        'toolchain',
        'python',
        'upgrade',
        'config',
        'source',
        'cache',
        'auth',
        'env',
        'shell',
      ].includes(sub)
    )
      return deny(
        `${name}-subcommand`,
        `\`${name} ${sub}\` changes dependencies, downloads tools or publishes; not allowed.`,
      );
    if (
      ['tree', 'show', 'check', 'version', 'help', 'list'].includes(sub) ||
      (sub === 'pip' && ['list', 'freeze', 'show', 'check', 'tree'].includes(operands[1]?.value ?? ''))
    )
      return undefined;
    if (sub === 'run') {
      const runIndex = args.findIndex((a) => a.value === 'run');
      const rest = args.slice(runIndex + 1);
      let i = 0;
      for (; i < rest.length && rest[i]!.value.startsWith('-'); i++) {
        if (rest[i]!.value === '--') {
          i++;
          break;
        }
        if (['--extra', '--group', '--package', '-p', '--python', '--env-file'].includes(rest[i]!.value)) i++;
      }
      const inner = rest.slice(i);
      if (inner.length === 0) return notAllowed(`${name}-run`, `\`${name} run\` needs a command.`);
      return ctx.checkNested(inner) ?? ctx.workspaceCode(`\`${name} run\` runs in the project's environment`);
    }
    if (['sync', 'install', 'lock', 'build', 'venv', 'pip', 'export'].includes(sub))
      return ctx.workspaceCode(`\`${name} ${sub}\` builds the project (its build code runs)`);
    return notAllowed(`${name}-subcommand`, `\`${name} ${sub}\` is not on the allowlist.`);
  };
}
