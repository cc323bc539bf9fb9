/**
 * Formatters and fixers that run no project code: allowed in check mode; the options that make
 * them rewrite files are soft denials (an `allowed-commands` rule can lift them).
 */
import { notAllowed } from '../denial.js';
import { openRule } from './open-rule.js';
import type { Rule } from './rule.js';

/** The soft denial for a formatter or fixer asked to rewrite files. */
export function writeModeDenial(command: string) {
  return notAllowed(
    'formatter-write-mode',
    `\`${command}\` rewrites files; run it in check mode and fix the findings with edit_file (or add a rule to \`allowed-commands\`).`,
  );
}

/** A formatter that rewrites files unless one of `checkFlags` is given. */
function requireCheckFlag(name: string, checkFlags: string[], base: Rule): Rule {
  return (args, ctx) =>
    args.some((a) => checkFlags.includes(a.value))
      ? base(args, ctx)
      : writeModeDenial(`${name} ${args.map((a) => a.value).join(' ')}`.trim());
}

const black = openRule('black', {
  code: false,
  load: ['config'],
  valued: [
    'l',
    'line-length',
    't',
    'target-version',
    'include',
    'exclude',
    'extend-exclude',
    'force-exclude',
    'workers',
    'W',
  ],
  operands: 'read',
});
const isort = openRule('isort', {
  code: false,
  load: ['settings-path', 'settings-file', 'sp', 'settings'],
  valued: ['profile', 'l', 'line-length', 'skip', 's', 'skip-glob', 'py', 'm', 'multi-line'],
  operands: 'read',
});
// rustfmt is a rustup proxy: it runs the toolchain rust-toolchain.toml names.
const rustfmt = openRule('rustfmt', {
  code: true,
  load: ['config-path'],
  valued: ['edition', 'config', 'emit', 'color'],
  operands: 'read',
});
const ruffCheck = openRule('ruff', {
  code: false,
  load: ['config'],
  write: ['o', 'output-file', 'cache-dir'],
  valued: [
    'select',
    'ignore',
    'extend-select',
    'extend-ignore',
    'output-format',
    'target-version',
    'line-length',
    'exclude',
    'extend-exclude',
    'per-file-ignores',
    'stdin-filename',
  ],
  writeMode: ['fix', 'unsafe-fixes', 'add-noqa'],
});

export const formatterRules: Record<string, Rule> = {
  black: requireCheckFlag('black', ['--check', '--diff'], black),
  isort: requireCheckFlag('isort', ['--check', '--check-only', '-c', '--diff'], isort),
  rustfmt: requireCheckFlag('rustfmt', ['--check'], rustfmt),
  ruff: (args, ctx) =>
    args.some((a) => a.value === 'format')
      ? requireCheckFlag('ruff format', ['--check', '--diff'], ruffCheck)(args, ctx)
      : ruffCheck(args, ctx),
  gofmt: openRule('gofmt', {
    code: false,
    writeMode: ['w'],
    write: ['cpuprofile'],
    valued: ['r'],
    refuse: {},
    operands: 'read',
  }),
  // goimports loads packages through `go list`.
  goimports: openRule('goimports', { code: true, writeMode: ['w'], valued: ['local'], operands: 'read' }),
  biome: openRule('biome', {
    code: false,
    load: ['config-path'],
    write: ['log-path', 'reporter-file'],
    writeMode: ['write', 'fix', 'apply', 'apply-unsafe', 'unsafe'],
    valued: [
      'max-diagnostics',
      'diagnostic-level',
      'reporter',
      'log-level',
      'log-kind',
      'skip',
      'only',
      'vcs-root',
      'stdin-file-path',
    ],
    refusedSubcommands: {
      start: 'it starts a server',
      'lsp-proxy': 'it starts a server',
      migrate: 'it rewrites configuration',
      init: 'it writes configuration',
      clean: 'not needed',
      search: 'not needed',
    },
  }),
};
