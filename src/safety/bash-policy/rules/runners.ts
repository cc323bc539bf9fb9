/**
 * Test runners, linters and checkers with large command lines. Those that run the workspace's
 * code by design (a test file or an `eslint.config.js` can do anything) need the sandbox, and
 * their other options cannot make that worse, so only the options that matter are typed: the
 * ones that load a plugin, reporter or config (never a file the agent wrote this run), write a
 * file, or are refused. Checkers that run no project code keep the same typed options.
 */
import { deny, notAllowed } from '../denial.js';
import type { Word } from '../words.js';
import type { Rule, RuleContext } from './rule.js';

export interface OpenSpec {
  /** Long names (without dashes, lower case) and short letters whose value loads code. */
  load?: string[];
  write?: string[];
  read?: string[];
  /** Options refused whatever their value, with why. */
  refuse?: Record<string, string>;
  /** Options that make a formatter or linter rewrite files: soft denials (`allowed-commands` lifts them). */
  writeMode?: string[];
  /** Other options that take a separate value (so it is not read as an operand). */
  valued?: string[];
  /** The tool runs the workspace's own code (tests, JS configs). */
  code: boolean;
  /**
   * Operands that are files the tool reads, or test names, patterns …; by default `read` for a
   * tool that runs no project code (its reads are all the policy has to check) and `text` otherwise.
   */
  operands?: 'read' | 'text';
  /** Subcommands (first operand) that are refused, with why. */
  refusedSubcommands?: Record<string, string>;
}

function optionValue(
  args: readonly Word[],
  i: number,
  glued: string | undefined,
): [Word | undefined, number] {
  if (glued !== undefined) return [{ value: glued, glob: args[i]!.glob }, i];
  return [args[i + 1], i + 1];
}

/** A rule for a tool whose options are typed only where they load, write or are refused. */
export function openRule(name: string, spec: OpenSpec): Rule {
  const lower = (s: string) => s.toLowerCase();
  const kindOf = (option: string): 'load' | 'write' | 'read' | 'valued' | undefined => {
    const o = lower(option);
    if (spec.load?.includes(o)) return 'load';
    if (spec.write?.includes(o)) return 'write';
    if (spec.read?.includes(o)) return 'read';
    if (spec.valued?.includes(o)) return 'valued';
    return undefined;
  };
  return (args, ctx) => {
    let operands = 0;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!.value;
      if (arg === '--') break;
      if (!arg.startsWith('-') || arg === '-') {
        if (operands === 0 && spec.refusedSubcommands?.[arg])
          return deny(
            `${name}-subcommand`,
            `\`${name} ${arg}\` is not allowed: ${spec.refusedSubcommands[arg]}.`,
          );
        operands++;
        // A checker that runs no project code is only safe on files the policy checked.
        if ((spec.operands ?? (spec.code ? 'text' : 'read')) === 'read') {
          const problem = ctx.checkPath(args[i]!, 'read');
          if (problem) return problem;
        }
        continue;
      }
      const long = arg.startsWith('--');
      const body = arg.slice(long ? 2 : 1);
      const eq = body.indexOf('=');
      // Long options are matched by prefix too, in case the tool's parser abbreviates.
      const key = long ? (eq === -1 ? body : body.slice(0, eq)) : body[0]!;
      if (spec.writeMode?.includes(lower(key)))
        return notAllowed(
          'formatter-write-mode',
          `\`${name} ${arg}\` rewrites files; run it in check mode and fix the findings with edit_file (or add a rule to \`allowed-commands\`).`,
        );
      const refused = Object.entries(spec.refuse ?? {}).find(
        ([o]) => lower(o) === lower(key) || (long && key.length >= 3 && lower(o).startsWith(lower(key))),
      );
      if (refused) return deny(`${name}-option`, `\`${name} ${arg}\` is not allowed: ${refused[1]}.`);
      let kind = kindOf(key);
      if (!kind && long && key.length >= 3) {
        const all = [...(spec.load ?? []), ...(spec.write ?? [])];
        const hit = all.find((o) => o.startsWith(lower(key)));
        if (hit) kind = kindOf(hit);
      }
      if (!kind) continue;
      const glued = long
        ? eq === -1
          ? undefined
          : body.slice(eq + 1)
        : body.length > 1
          ? body.slice(1).replace(/^=/, '')
          : undefined;
      const [value, next] = optionValue(args, i, glued);
      i = next;
      if (!value || kind === 'valued') continue;
      const problem = checkOpenValue(value, kind, ctx);
      if (problem) return problem;
    }
    return spec.code
      ? ctx.workspaceCode(`\`${name}\` runs the project's code (tests, configuration files, plugins)`)
      : undefined;
  };
}

function checkOpenValue(value: Word, kind: 'load' | 'write' | 'read', ctx: RuleContext) {
  // Comma-separated lists (`--reporters=a,b`, `--setupFiles a,b`) name several modules.
  // `--node-arg=--require=./x.js`: a node option naming the module.
  const text = kind === 'load' ? value.value.replace(/^--?[\w-]+=/, '') : value.value;
  const parts = kind === 'load' ? text.split(',') : [text];
  for (const part of parts) {
    const problem = ctx.checkPath({ value: part, glob: value.glob }, kind);
    if (problem) return problem;
  }
  return undefined;
}

const jsConfig = ['config', 'c'];
const refuseInspect = {
  inspect: 'the inspector accepts code over a socket',
  'inspect-brk': 'the inspector accepts code over a socket',
};

export const runnerRules: Record<string, Rule> = {
  jest: openRule('jest', {
    code: true,
    load: [
      ...jsConfig,
      'reporters',
      'setupfiles',
      'setupfilesafterenv',
      'globalsetup',
      'globalteardown',
      'testenvironment',
      'testrunner',
      'testsequencer',
      'resolver',
      'transform',
      'snapshotresolver',
      'preset',
      'runner',
      'watchplugins',
      'filter',
      'testresultsprocessor',
      'moduledirectories',
    ],
    write: ['outputfile', 'coveragedirectory', 'cachedirectory'],
    valued: [
      't',
      'testnamepattern',
      'maxworkers',
      'w',
      'shard',
      'testtimeout',
      'selectprojects',
      'testpathpattern',
      'coveragereporters',
      'collectcoveragefrom',
    ],
  }),
  vitest: openRule('vitest', {
    code: true,
    load: [
      ...jsConfig,
      'reporter',
      'setupfiles',
      'globalsetup',
      'environment',
      'pool',
      'workspace',
      'project-config',
      'r',
      'root',
      'dir',
    ],
    write: ['outputfile', 'coverage.reportsdirectory'],
    valued: ['t', 'testnamepattern', 'shard', 'maxworkers', 'project', 'mode', 'testtimeout'],
    refuse: {
      ui: 'it opens a server',
      api: 'it opens a server',
      inspect: refuseInspect.inspect,
      'inspect-brk': refuseInspect['inspect-brk'],
      browser: 'it launches a browser',
    },
  }),
  mocha: openRule('mocha', {
    code: true,
    load: [...jsConfig, 'r', 'require', 'reporter', 'R', 'ui', 'u', 'file', 'package', 'opts', 'loader'],
    write: ['reporter-option'],
    valued: [
      'g',
      'grep',
      'f',
      'fgrep',
      'timeout',
      't',
      'slow',
      's',
      'retries',
      'j',
      'jobs',
      'extension',
      'spec',
      'ignore',
    ],
    refuse: refuseInspect,
  }),
  ava: openRule('ava', {
    code: true,
    load: ['config'],
    valued: ['match', 'm', 'timeout', 'T', 'concurrency', 'c'],
  }),
  tap: openRule('tap', {
    code: true,
    load: ['node-arg', 'reporter', 'R', 'before', 'after', 'test-env', 'rcfile'],
    write: ['output-file', 'o', 'output-dir', 'd'],
    valued: ['grep', 'g', 'timeout', 't', 'jobs', 'j'],
  }),
  c8: openRule('c8', {
    code: true,
    load: ['config', 'c'],
    write: ['reports-dir', 'o', 'temp-directory', 'report-dir'],
    valued: [
      'reporter',
      'r',
      'include',
      'exclude',
      'n',
      'x',
      'src',
      'extension',
      'e',
      'lines',
      'branches',
      'functions',
      'statements',
    ],
  }),
  nyc: openRule('nyc', {
    code: true,
    load: ['require', 'i', 'nycrc-path', 'config'],
    write: ['report-dir', 'temp-dir', 't', 'cache-dir'],
    valued: ['reporter', 'r', 'include', 'n', 'exclude', 'x', 'extension', 'e'],
  }),
  playwright: openRule('playwright', {
    code: true,
    load: ['config', 'c', 'reporter', 'global-setup'],
    write: ['output', 'o'],
    valued: [
      'grep',
      'g',
      'grep-invert',
      'project',
      'workers',
      'j',
      'retries',
      'timeout',
      'shard',
      'repeat-each',
      'max-failures',
      'x',
    ],
    refusedSubcommands: {
      install: 'it downloads browsers',
      'install-deps': 'it installs system packages',
      codegen: 'it opens a browser',
      open: 'it opens a browser',
      'show-report': 'it starts a server',
      'show-trace': 'it opens a browser',
    },
    refuse: { ui: 'it starts a server', debug: 'it opens the inspector' },
  }),
  pytest: openRule('pytest', {
    code: true,
    load: ['p', 'c', 'config-file', 'confcutdir', 'rootdir', 'override-ini', 'o', 'pyargs'],
    write: [
      'junitxml',
      'junit-xml',
      'resultlog',
      'result-log',
      'basetemp',
      'cov-report',
      'html',
      'report-log',
      'debug',
    ],
    valued: [
      'k',
      'm',
      'n',
      'numprocesses',
      'maxfail',
      'tb',
      'cov',
      'durations',
      'r',
      'w',
      'w',
      'count',
      'timeout',
      'deselect',
      'ignore',
      'ignore-glob',
      'import-mode',
      'log-level',
      'dist',
      'reruns',
      'cov-fail-under',
      'cov-config',
      'color',
      'capture',
      'randomly-seed',
      'junit-prefix',
    ],
    refuse: {
      pdb: 'it opens an interactive debugger',
      pdbcls: 'it loads a debugger class',
      trace: 'it opens an interactive debugger',
    },
  }),
  tox: openRule('tox', {
    code: true,
    load: ['c', 'conf', 'configfile', 'workdir'],
    valued: ['e', 'envlist', 'p', 'parallel', 'x', 'override', 'm', 'f'],
  }),
  nox: openRule('nox', {
    code: true,
    load: ['f', 'noxfile'],
    valued: ['s', 'session', 'sessions', 'p', 'python', 'k', 't', 'tags'],
  }),
  coverage: openRule('coverage', {
    code: true,
    load: ['rcfile', 'include', 'source'],
    write: ['o', 'd', 'directory', 'data-file'],
    valued: ['m', 'module', 'omit', 'fail-under', 'precision', 'format'],
  }),
  eslint: openRule('eslint', {
    code: true,
    load: [
      'c',
      'config',
      'f',
      'format',
      'plugin',
      'resolve-plugins-relative-to',
      'rulesdir',
      'parser',
      'parser-options',
      'ignore-path',
      'output-file-format',
      'inspect-config',
      'flag',
    ],
    write: ['o', 'output-file', 'cache-location'],
    valued: [
      'ext',
      'max-warnings',
      'rule',
      'env',
      'global',
      'ignore-pattern',
      'cache-strategy',
      'report-unused-disable-directives-severity',
    ],
    writeMode: ['fix', 'fix-type'],
    refuse: { 'inspect-config': 'it starts a server' },
  }),
  prettier: openRule('prettier', {
    code: true,
    load: [
      'config',
      'plugin',
      'plugin-search-dir',
      'parser',
      'ignore-path',
      'config-precedence',
      'stdin-filepath',
    ],
    write: ['cache-location'],
    valued: [
      'log-level',
      'loglevel',
      'print-width',
      'tab-width',
      'end-of-line',
      'trailing-comma',
      'quote-props',
      'arrow-parens',
      'prose-wrap',
      'html-whitespace-sensitivity',
      'embedded-language-formatting',
      'object-wrap',
      'cache-strategy',
      'experimental-operator-position',
    ],
    writeMode: ['write', 'w'],
    operands: 'read',
  }),
  stylelint: openRule('stylelint', {
    code: true,
    load: [
      'config',
      'c',
      'config-basedir',
      'custom-syntax',
      'custom-formatter',
      'formatter',
      'f',
      'ignore-path',
      'i',
    ],
    write: ['output-file', 'o', 'cache-location'],
    writeMode: ['fix'],
    valued: ['max-warnings', 'ignore-pattern', 'ip'],
  }),
  mypy: openRule('mypy', {
    code: true,
    load: ['config-file', 'custom-typeshed-dir', 'custom-typing-module', 'python-executable', 'plugins'],
    write: [
      'cache-dir',
      'html-report',
      'xml-report',
      'txt-report',
      'linecount-report',
      'junit-xml',
      'any-exprs-report',
      'cobertura-xml-report',
      'lineprecision-report',
      'linecoverage-report',
      'memory-xml-report',
      'xslt-html-report',
      'xslt-txt-report',
    ],
    valued: [
      'm',
      'module',
      'p',
      'package',
      'python-version',
      'platform',
      'exclude',
      'always-true',
      'always-false',
      'enable-error-code',
      'disable-error-code',
      'follow-imports',
    ],
    operands: 'read',
  }),
  pylint: openRule('pylint', {
    code: true,
    load: ['rcfile', 'load-plugins', 'init-hook', 'output-format', 'f'],
    write: ['output'],
    valued: [
      'disable',
      'd',
      'enable',
      'e',
      'j',
      'jobs',
      'fail-under',
      'ignore',
      'ignore-patterns',
      'max-line-length',
      'py-version',
      'recursive',
    ],
    refuse: { 'init-hook': 'it runs Python code given on the command line' },
    operands: 'read',
  }),
  flake8: openRule('flake8', {
    code: true,
    load: ['config', 'append-config', 'format', 'enable-extensions', 'require-plugins', 'benchmark'],
    write: ['output-file', 'tee'],
    valued: [
      'max-line-length',
      'max-complexity',
      'select',
      'ignore',
      'extend-ignore',
      'extend-select',
      'exclude',
      'extend-exclude',
      'per-file-ignores',
      'count',
      'j',
      'jobs',
    ],
    operands: 'read',
  }),
  bandit: openRule('bandit', {
    code: false,
    load: ['c', 'configfile', 'profile', 'p'],
    write: ['o', 'output'],
    valued: [
      'f',
      'format',
      'x',
      'exclude',
      's',
      'skip',
      't',
      'tests',
      'l',
      'i',
      'severity-level',
      'confidence-level',
    ],
  }),
  // pyright runs the configured Python interpreter to find its search paths.
  pyright: openRule('pyright', {
    code: true,
    load: ['project', 'p', 'pythonpath', 'venvpath', 'v', 'typeshedpath', 't'],
    write: ['outputjson', 'createstub', 'writebaseline'],
    valued: ['pythonversion', 'pythonplatform', 'level', 'threads'],
    refuse: { watch: 'not needed' },
    operands: 'read',
  }),
  'vue-tsc': openRule('vue-tsc', {
    code: true,
    load: ['p', 'project', 'plugins'],
    write: ['outdir', 'outfile', 'declarationdir', 'tsbuildinfofile'],
  }),
  'svelte-check': openRule('svelte-check', {
    code: true,
    load: ['workspace', 'tsconfig'],
    valued: ['output', 'threshold', 'fail-on-warnings', 'compiler-warnings', 'diagnostic-sources'],
  }),
  // tsconfig.json can name language-service plugins and an `outFile` anywhere.
  tsc: openRule('tsc', {
    code: true,
    read: ['p', 'project', 'rootdir', 'basedir', 'baseurl'],
    write: [
      'outdir',
      'outfile',
      'out',
      'declarationdir',
      'tsbuildinfofile',
      'generatetrace',
      'generatecpuprofile',
      'mapRoot'.toLowerCase(),
      'sourceroot',
    ],
    valued: ['target', 't', 'module', 'm', 'lib', 'jsx', 'moduleresolution', 'types', 'typeroots'],
    refuse: { watch: 'it never ends', w: 'it never ends', plugins: 'it loads plugins' },
  }),
  markdownlint: openRule('markdownlint', {
    code: true,
    load: ['config', 'c', 'rules', 'r'],
    write: ['output', 'o'],
    writeMode: ['fix'],
    valued: ['ignore', 'i', 'p', 'ignore-path'],
    operands: 'read',
  }),
  yamllint: openRule('yamllint', {
    code: false,
    load: ['c', 'config-file'],
    valued: ['d', 'config-data', 'f', 'format'],
    operands: 'read',
  }),
  shellcheck: openRule('shellcheck', {
    code: false,
    load: ['rcfile'],
    valued: [
      's',
      'shell',
      'e',
      'exclude',
      'i',
      'include',
      'f',
      'format',
      'S',
      'severity',
      'o',
      'enable',
      'P',
      'source-path',
      'W',
      'wiki-link-count',
    ],
    operands: 'read',
  }),
  actionlint: openRule('actionlint', {
    code: false,
    load: ['config-file', 'shellcheck', 'pyflakes'],
    valued: ['format', 'ignore', 'oneline'],
    operands: 'read',
  }),
  hadolint: openRule('hadolint', {
    code: false,
    load: ['c', 'config'],
    valued: ['ignore', 'f', 'format', 't', 'failure-threshold', 'trusted-registry'],
    operands: 'read',
  }),
  htmlhint: openRule('htmlhint', {
    code: true,
    load: ['c', 'config', 'r', 'rulesdir', 'f', 'format'],
    valued: ['ignore', 'i'],
    operands: 'read',
  }),
  // staticcheck loads packages through `go list` (go.mod's toolchain, cgo).
  staticcheck: openRule('staticcheck', {
    code: true,
    valued: ['checks', 'f', 'fail', 'go', 'tags', 'matrix'],
    load: ['debug.cpuprofile', 'debug.memprofile', 'debug.trace'],
  }),
  'golangci-lint': openRule('golangci-lint', {
    code: true,
    load: ['c', 'config', 'plugins'],
    write: ['out-format', 'output.text.path', 'output.json.path'],
    valued: [
      'timeout',
      'enable',
      'E',
      'disable',
      'D',
      'presets',
      'p',
      'j',
      'concurrency',
      'new-from-rev',
      'build-tags',
      'skip-dirs',
      'max-issues-per-linter',
      'max-same-issues',
    ],
    writeMode: ['fix'],
  }),
};
