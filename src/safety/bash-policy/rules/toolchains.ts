/**
 * Language toolchains: Python (python, pip, uv, poetry), Go, Rust, make, Java (java, mvn,
 * gradle) and .NET. Building and testing runs the project's code (build scripts, tests,
 * plugins), so those subcommands need the sandbox; code given on the command line, installs by
 * package name, other package indexes and publishing are refused.
 */
import { deny, notAllowed } from '../denial.js';
import { findParsed, optionTable as t } from '../options.js';
import type { Word } from '../words.js';
import { checkArgs, checkOperands, evalDenial, isDenial, type Rule, stdinDenial } from './rule.js';

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

export const python =
  (name: string): Rule =>
  (args, ctx) => {
    const parsed = checkArgs(name, pythonTable, args, ctx, 'text');
    if (isDenial(parsed)) return parsed;
    if (findParsed(parsed, 'version', 'V', 'help', 'h')) return undefined;
    const module = findParsed(parsed, 'm');
    if (module) {
      const target = pythonModules[module.value?.value ?? ''];
      if (!target)
        return notAllowed('python-module', `\`${name} -m ${module.value?.value}\` is not on the allowlist.`);
      return ctx.checkNested([{ value: target, glob: false }, ...parsed.rest]);
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
    const parsed = checkArgs(
      'compileall',
      t({
        short: 'l r:num f q b d:text s:text p:text x:pat i:read j:num o:num e:text',
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
  return (args, ctx) => {
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
    const operands = args.filter((a) => !a.value.startsWith('-'));
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

const goBuild =
  'C=read a n p=num race msan asan cover covermode=e:set|count|atomic coverpkg=text v work x asmflags=text buildmode=text buildvcs=text compiler=text gccgoflags=text gcflags=text installsuffix=text ldflags=text linkshared mod=e:readonly|vendor|mod modcacherw modfile=read overlay=read pgo=read pkgdir=write tags=text trimpath toolexec! exec! o=write json';
const goTest = `${goBuild} run=pat skip=pat bench=pat benchtime=text benchmem count=num cpu=text failfast fullpath fuzz=pat fuzztime=text fuzzminimizetime=text list=pat parallel=num short shuffle=text timeout=text coverprofile=write cpuprofile=write memprofile=write blockprofile=write mutexprofile=write trace=write outputdir=write vet=text args c i`;
const goTables = {
  build: goBuild,
  test: goTest,
  vet: `${goBuild} vettool! c=num`,
  list: `${goBuild} m f=text e deps find test compiled export retracted reuse=read u versions`,
  run: goBuild,
  generate: goBuild,
  mod: 'json',
};
const goTable = (spec: string) =>
  t({
    long: spec,
    singleDash: true,
    abbreviations: false,
    reasons: {
      toolexec: 'it runs another program',
      exec: 'it runs another program',
      vettool: 'it runs another program',
    },
  });
const goTablesBuilt = Object.fromEntries(Object.entries(goTables).map(([k, v]) => [k, goTable(v)]));

export const go: Rule = (args, ctx) => {
  const [subWord, ...rest] = args;
  const sub = subWord?.value;
  switch (sub) {
    case undefined:
    case 'version':
    case 'help':
    case 'doc':
      return undefined;
    case 'env': {
      const bad = rest.find((a) => a.value === '-w' || a.value === '-u');
      return bad ? deny('go-env-write', '`go env -w`/`-u` changes the Go configuration.') : undefined;
    }
    case 'tool': {
      const tool = rest[0]?.value;
      if (tool !== 'cover')
        return notAllowed(
          'go-tool',
          `\`go tool ${tool ?? ''}\` is not on the allowlist (only \`go tool cover\`).`,
        );
      const parsed = checkArgs(
        'go tool cover',
        t({
          long: 'func=read html=read o=write mode=text var=text pkgcfg=read',
          singleDash: true,
          abbreviations: false,
        }),
        rest.slice(1),
        ctx,
        'read',
      );
      return isDenial(parsed) ? parsed : undefined;
    }
    case 'mod': {
      const mode = rest[0]?.value;
      if (!['tidy', 'verify', 'why', 'graph', 'download', 'vendor'].includes(mode ?? ''))
        return notAllowed('go-subcommand', `\`go mod ${mode ?? ''}\` is not on the allowlist.`);
      return undefined;
    }
    case 'fmt':
      return notAllowed(
        'formatter-write-mode',
        '`go fmt` rewrites files; run `gofmt -l .` and fix the findings with edit_file.',
      );
    case 'install':
    case 'get':
      return deny('go-install', `\`go ${sub}\` downloads code; it is not allowed.`);
    case 'build':
    case 'test':
    case 'vet':
    case 'list':
    case 'run':
    case 'generate': {
      const parsed = checkArgs(`go ${sub}`, goTablesBuilt[sub]!, rest, ctx, 'text');
      if (isDenial(parsed)) return parsed;
      const remote = parsed.operands.find((o) => o.value.includes('@'));
      if (remote)
        return deny(
          'go-install',
          `\`go ${sub} ${remote.value}\` downloads a module version; build the workspace's packages.`,
        );
      if (
        sub === 'list' ||
        sub === 'vet' ||
        (sub === 'build' && !parsed.options.some((o) => o.def.name === 'toolexec'))
      )
        return undefined;
      return ctx.workspaceCode(`\`go ${sub}\` runs the project's code`);
    }
    default:
      return notAllowed('go-subcommand', `\`go ${sub}\` is not on the allowlist; use go test/vet/build.`);
  }
};

const cargoCommon =
  'p:text package=text workspace all exclude=text all-features features=text F:text no-default-features release r profile=text lib bins bin?=text tests test?=text examples example?=text benches bench?=text all-targets target=text target-dir=write j:num jobs=num no-deps document-private-items open locked frozen offline v verbose q quiet color=e:auto|always|never message-format=text manifest-path=read no-run no-fail-fast doc timings?=text keep-going ignore-rust-version unit-graph future-incompat-report check h help Z! config!';
const cargoTable = t({
  ...splitCargo(cargoCommon),
  abbreviations: false,
  reasons: { Z: 'unstable flags can name programs', config: 'configuration can name programs to run' },
});
function splitCargo(spec: string) {
  const short: string[] = [];
  const long: string[] = [];
  for (const token of spec.split(' ')) (token.replace(/[:!].*$/, '').length === 1 ? short : long).push(token);
  return { short: short.join(' '), long: long.join(' ') };
}

export const cargo: Rule = (args, ctx) => {
  const toolchain = args[0]?.value.startsWith('+') ? 1 : 0;
  const [subWord, ...rest] = args.slice(toolchain);
  const sub = subWord?.value;
  if (sub === undefined || sub === '--version' || sub === '-V' || sub === 'version' || sub === '--help')
    return undefined;
  if (
    [
      'install',
      'publish',
      'login',
      'logout',
      'owner',
      'yank',
      'add',
      'remove',
      'update',
      'search',
      'new',
      'init',
      'uninstall',
      'vendor',
      'generate-lockfile',
      'fix',
    ].includes(sub)
  )
    return deny(
      'cargo-subcommand',
      `\`cargo ${sub}\` downloads code, changes dependencies or uses credentials; it is not allowed.`,
    );
  const dashDash = rest.findIndex((a) => a.value === '--');
  const own = dashDash === -1 ? rest : rest.slice(0, dashDash);
  if (sub === 'fmt') {
    const checkMode = rest.some((a) => a.value === '--check');
    return checkMode
      ? undefined
      : notAllowed(
          'formatter-write-mode',
          '`cargo fmt` rewrites files; run `cargo fmt --check` and fix the findings with edit_file.',
        );
  }
  if (['tree', 'metadata', 'pkgid', 'locate-project', 'read-manifest', 'verify-project'].includes(sub))
    return undefined;
  if (
    ![
      'test',
      't',
      'build',
      'b',
      'check',
      'c',
      'clippy',
      'doc',
      'd',
      'bench',
      'run',
      'r',
      'nextest',
      'llvm-cov',
      'tarpaulin',
      'fetch',
    ].includes(sub)
  )
    return notAllowed(
      'cargo-subcommand',
      `\`cargo ${sub}\` is not on the allowlist; use cargo test/build/check/clippy.`,
    );
  const parsed = checkArgs(
    `cargo ${sub}`,
    cargoTable,
    own.filter(
      (a) => !['--fix', '--open', '--allow-dirty', '--allow-staged'].includes(a.value) || sub === 'x',
    ),
    ctx,
    'text',
  );
  if (isDenial(parsed)) return parsed;
  if (own.some((a) => a.value === '--fix'))
    return notAllowed(
      'formatter-write-mode',
      `\`cargo ${sub} --fix\` rewrites files; fix the findings with edit_file.`,
    );
  if (own.some((a) => a.value === '--open'))
    return notAllowed('cargo-subcommand', '`--open` opens a browser.');
  return ctx.workspaceCode(`\`cargo ${sub}\` compiles and runs build scripts, macros and tests`);
};

const makeTable = t({
  short: 'b m B C:read d e f:load h i I:read j::num k l::num L n o:text O::text p q r R s S t v w W:text',
  long: 'always-make directory=read debug?=text environment-overrides eval! file=load makefile=load help ignore-errors include-dir=read jobs?=num jobserver-style=text keep-going load-average?=num max-load?=num check-symlink-times just-print dry-run recon no-print-directory old-file=text assume-old=text output-sync?=text print-data-base question no-builtin-rules no-builtin-variables shuffle?=text silent quiet no-silent stop no-keep-going touch trace version print-directory what-if=text new-file=text assume-new=text warn-undefined-variables',
  reasons: { eval: 'it evaluates text as a makefile' },
});

/** make: recipes are the project's code; `VAR=…` overrides and `--eval` replace them. */
export const make =
  (name: string): Rule =>
  (args, ctx) => {
    const parsed = checkArgs(name, makeTable, args, ctx, 'text');
    if (isDenial(parsed)) return parsed;
    const override = parsed.operands.find((o) => o.value.includes('='));
    if (override)
      return deny(
        'make-variable-override',
        `\`${name} ${override.value}\` overrides a variable, which can replace the commands a recipe runs; run a target as written.`,
      );
    const stdin = parsed.options.find(
      (o) => ['file', 'f', 'makefile'].includes(o.def.name) && o.value?.value === '-',
    );
    if (stdin) return stdinDenial(name, '-f -');
    if (findParsed(parsed, 'version', 'help', 'h')) return undefined;
    return ctx.workspaceCode(`\`${name}\` runs the recipes of the project's Makefile`);
  };

/** mvn / ./mvnw: every goal runs plugins; deploy and release publish. */
export const maven =
  (name: string): Rule =>
  (args, ctx) => {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!.value;
      if (
        // No other mvn option starts with a lower-case `s` or `t`: glued forms are covered too.
        /^(-s|-gs|-t|-gt|--settings|--global-settings|--toolchains|--global-toolchains)/.test(a)
      )
        return deny(
          'maven-option',
          `\`${name} ${a}\` replaces the settings (repositories, credentials, proxies); not allowed.`,
        );
      if (a === '-f' || a === '--file') {
        const problem = args[i + 1] && ctx.checkPath(args[i + 1]!, 'read');
        if (problem) return problem;
      }
      if (!a.startsWith('-') && /^(deploy|release:|site-deploy|gpg:|wagon:|scm:|deploy:)/.test(a))
        return deny('maven-goal', `\`${name} ${a}\` publishes or uses credentials; not allowed.`);
    }
    if (args.some((a) => ['-v', '--version', '-h', '--help'].includes(a.value))) return undefined;
    return ctx.workspaceCode(`\`${name}\` runs the build's plugins and tests`);
  };

/** gradle / ./gradlew: the build script is code; init scripts and publishing are refused. */
export const gradle =
  (name: string): Rule =>
  (args, ctx) => {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!.value;
      if (
        /^(-I|--init-script|-c|--settings-file|-g|--gradle-user-home|--scan|--include-build|-b|--build-file)(=|$)/.test(
          a,
        ) ||
        /^-I./.test(a)
      )
        return deny('gradle-option', `\`${name} ${a}\` loads another script or settings; not allowed.`);
      if (a === '-p' || a === '--project-dir') {
        const problem = args[i + 1] && ctx.checkPath(args[i + 1]!, 'read');
        if (problem) return problem;
      }
      if (!a.startsWith('-') && /^(:?[\w-]+:)*(publish|upload|wrapper|closeAndRelease|release)/i.test(a))
        return deny('gradle-task', `\`${name} ${a}\` publishes or downloads a distribution; not allowed.`);
    }
    if (args.some((a) => ['-v', '--version', '-h', '--help', '-?'].includes(a.value))) return undefined;
    return ctx.workspaceCode(`\`${name}\` runs the build script, plugins and tests`);
  };

/** java: `-version`, or running a jar/class of the project; agents and native libraries refused. */
export const java: Rule = (args, ctx) => {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!.value;
    if (
      [
        '-version',
        '--version',
        '-showversion',
        '--show-version',
        '-help',
        '--help',
        '-h',
        '-?',
        '-fullversion',
        '--full-version',
      ].includes(a)
    )
      return undefined;
    if (
      /^-(javaagent|agentlib|agentpath|Xbootclasspath|XX:OnError|XX:OnOutOfMemoryError|XX:\+?StartFlightRecording|Xrunjdwp|Xdebug)/.test(
        a,
      )
    )
      return deny('java-agent', `\`java ${a}\` loads an agent or runs a program; not allowed.`);
    if (
      [
        '-cp',
        '-classpath',
        '--class-path',
        '-p',
        '--module-path',
        '--add-opens',
        '--add-exports',
        '--add-modules',
        '--enable-native-access',
      ].includes(a)
    ) {
      i++;
      continue;
    }
    if (a === '-jar') {
      const jar = args[i + 1];
      if (!jar) return deny('java-option', '`java -jar` needs a file.');
      return (
        ctx.checkPath(jar, 'read') ?? ctx.workspaceCode(`\`java -jar ${jar.value}\` runs the project's code`)
      );
    }
    if (a.startsWith('-')) {
      if (
        /^-(D[\w.-]+=?|X[\w:+-]+|ea|da|esa|dsa|enableassertions|disableassertions|server|client|verbose:\w+|XX:[\w+=.-]+|Xmx\w+|Xms\w+|Xss\w+|Duser\.\w+=.*|-enable-preview|-source)/.test(
          a,
        )
      )
        continue;
      return notAllowed('unknown-option', `\`java ${a}\` is not an option the policy knows.`);
    }
    const source = args[i]!;
    if (source.value.endsWith('.java'))
      return (
        ctx.checkPath(source, 'read') ?? ctx.workspaceCode(`\`java ${source.value}\` runs a source file`)
      );
    return ctx.workspaceCode(`\`java ${source.value}\` runs the project's code`);
  }
  return notAllowed('java-option', '`java` needs a class, a jar or -version.');
};

/** dotnet: build, test, run, restore (MSBuild runs project code); pack/publish to a feed refused. */
export const dotnet: Rule = (args, ctx) => {
  const sub = args[0]?.value;
  if (
    sub === undefined ||
    ['--version', '--info', '--list-sdks', '--list-runtimes', '-h', '--help'].includes(sub)
  )
    return undefined;
  if (
    [
      'nuget',
      'tool',
      'workload',
      'new',
      'add',
      'remove',
      'dev-certs',
      'user-secrets',
      'sdk',
      'exec',
    ].includes(sub)
  )
    return deny(
      'dotnet-subcommand',
      `\`dotnet ${sub}\` installs, publishes, reads secrets or runs an arbitrary file; not allowed.`,
    );
  const rest = args.slice(1);
  const bad = rest.find((a) =>
    /^(-s|--source|--add-source|--interactive|--configfile|-a|--api-key)(=|:|$)/i.test(a.value),
  );
  if (bad)
    return deny(
      'dotnet-option',
      `\`dotnet ${sub} ${bad.value}\` names a package source or credentials; not allowed.`,
    );
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!.value;
    if (/^(-o|--output|--results-directory|--diag|-d)$/.test(a) && rest[i + 1]) {
      const problem = ctx.checkPath(rest[i + 1]!, 'write');
      if (problem) return problem;
    }
  }
  if (sub === 'format') {
    const verify = rest.some((a) => a.value === '--verify-no-changes');
    if (!verify)
      return notAllowed(
        'formatter-write-mode',
        '`dotnet format` rewrites files; run it with `--verify-no-changes`.',
      );
  }
  if (
    [
      'build',
      'test',
      'run',
      'restore',
      'format',
      'pack',
      'publish',
      'clean',
      'msbuild',
      'vstest',
      'list',
      'sln',
      'watch',
    ].includes(sub)
  ) {
    if (sub === 'list' || sub === 'sln') return undefined;
    return ctx.workspaceCode(`\`dotnet ${sub}\` runs MSBuild tasks and the project's code`);
  }
  return notAllowed('dotnet-subcommand', `\`dotnet ${sub}\` is not on the allowlist.`);
};

const shellTable = t({
  short:
    'a b c! C e E f h H i! k l! m n o:e:errexit|nounset|pipefail|xtrace|verbose|noclobber|noglob|errtrace|functrace|posix|noexec|allexport|braceexpand|hashall|monitor|notify|physical|privileged|keyword|onecmd|histexpand|history|ignoreeof|interactive-comments|vi|emacs O! p P r s! t T u v x',
  long: 'norc noprofile posix restricted verbose version help debugger! dump-strings! dump-po-strings! rcfile! init-file! login! noediting',
  permute: false,
  abbreviations: false,
  reasons: {
    c: 'it runs a command string',
    s: 'it reads commands from stdin',
    i: 'it is interactive',
    l: 'a login shell runs profile files',
    O: 'shell options are not needed',
    rcfile: 'it runs another file first',
    'init-file': 'it runs another file first',
    login: 'a login shell runs profile files',
  },
});

/** `bash [-euo pipefail] script.sh`: a workspace script; `-c`/stdin is code from the command line. */
export const shell =
  (name: string): Rule =>
  (args, ctx) => {
    const plus = args.filter((a) => a.value.startsWith('+'));
    const bad = plus.find((a) => !/^\+[euxvo]+$/.test(a.value));
    if (bad) return notAllowed('shell-option', `\`${name} ${bad.value}\` is not on the allowlist.`);
    const parsed = checkArgs(
      name,
      shellTable,
      args.filter((a) => !a.value.startsWith('+') || a.value === '+o'),
      ctx,
      'text',
    );
    if (isDenial(parsed)) {
      return parsed.rule === 'refused-option'
        ? deny(
            'shell-eval',
            `${parsed.message} Run the commands directly, or write a script file and run it.`,
          )
        : parsed;
    }
    if (findParsed(parsed, 'version', 'help')) return undefined;
    const [script] = parsed.rest;
    if (!script || script.value === '-' || script.value.startsWith('/dev/'))
      return stdinDenial(name, script?.value);
    const problem = ctx.checkPath(script, 'read');
    if (problem) return problem;
    if (findParsed(parsed, 'n')) return undefined; // syntax check only
    return ctx.workspaceCode(`\`${name} ${script.value}\` runs a script`);
  };

/** tar: listing only (`-t`), from a workspace file; no programs, no remote archives. */
export const tar: Rule = (args, ctx) => {
  const expanded =
    args[0] && !args[0].value.startsWith('-')
      ? [{ value: `-${args[0].value}`, glob: false }, ...args.slice(1)]
      : args;
  const parsed = checkArgs(
    'tar',
    t({
      short: 't v f:read z j J a Z C:read O! x! c! r! u! A! I! F! T:read X:read w! k h P! p',
      long: 'list verbose file=read gzip gunzip bzip2 xz zstd lzma auto-compress directory=read wildcards no-wildcards exclude=pat exclude-from=read anchored no-anchored numeric-owner full-time utc null force-local extract! get! create! append! update! delete! to-command! use-compress-program! checkpoint-action! rsh-command! info-script! new-volume-script! to-stdout! files-from=read absolute-names!',
      reasons: {
        x: 'it extracts (use `tar -t` to list)',
        extract: 'it extracts (use `tar -t` to list)',
        c: 'it creates archives',
        create: 'it creates archives',
        'to-command': 'it runs a program',
        'use-compress-program': 'it runs a program',
        I: 'it runs a program',
        'checkpoint-action': 'it runs a program',
        'rsh-command': 'it runs a program',
        'info-script': 'it runs a program',
        F: 'it runs a program',
        'new-volume-script': 'it runs a program',
      },
    }),
    expanded,
    ctx,
    'text',
  );
  if (isDenial(parsed)) return parsed;
  if (!findParsed(parsed, 'list', 't'))
    return notAllowed('tar-mode', '`tar` may only list archives (`tar -tf file`).');
  const file = findParsed(parsed, 'file', 'f')?.value?.value ?? '';
  if (file.includes(':') && !findParsed(parsed, 'force-local'))
    return deny('tar-remote', `\`tar -f ${file}\` names a remote archive (it runs rsh); not allowed.`);
  return undefined;
};

/** unzip -l / -v / -t / -Z: listing and testing only. */
export const unzip: Rule = (args, ctx) => {
  const options = args.filter((a) => a.value.startsWith('-'));
  const mode = options.map((o) => o.value).join('');
  if (!/^(-[lvtZq1hmsz]+)+$/.test(mode) || !/[lvtZ]/.test(mode))
    return notAllowed('unzip-mode', '`unzip` may only list or test archives (`unzip -l file.zip`).');
  const [archive, ...members] = args.filter((a) => !a.value.startsWith('-'));
  if (!archive) return deny('unzip-mode', '`unzip -l` needs an archive.');
  return ctx.checkPath(archive, 'read') ?? checkOperands('unzip', members, 'pattern', ctx);
};

/** Interpreters that are not on the allowlist, with the options that evaluate code: hard denials. */
export function otherInterpreter(name: string, evalOptions: string[]): Rule {
  return (args) => {
    const bad = args.find((a) =>
      evalOptions.some(
        (o) => a.value === o || (o.startsWith('-') && !o.startsWith('--') && a.value.startsWith(o)),
      ),
    );
    if (bad) return evalDenial(name, bad.value);
    if (!args.some((a: Word) => !a.value.startsWith('-'))) return stdinDenial(name);
    return notAllowed('command-not-allowed', `\`${name}\` is not on the allowlist.`);
  };
}
