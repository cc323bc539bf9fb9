/**
 * Checks one simple command: its `NAME=value` prefixes, its path-like arguments, the hard
 * denials by name, then the command's own rule; `allowed-commands` lifts soft denials only.
 */
import path from 'node:path';
import { type Denial, deny, notAllowed } from './denial.js';
import { type ExtraRule, matchExtraRule } from './extra-rules.js';
import { hardDenial } from './hard-denies.js';
import { checkPathWord, type PathContext } from './paths.js';
import { commandRules } from './rules/index.js';
import type { RuleContext } from './rules/rule.js';
import type { Redirect, SimpleCommand } from './syntax.js';
import type { Word } from './words.js';

export interface CheckContext {
  paths: PathContext;
  extraRules: readonly ExtraRule[];
}

/** Variables that may prefix a command: they change output format, never what runs. */
const harmlessVariables = new Set([
  'CI',
  'NODE_ENV',
  'FORCE_COLOR',
  'NO_COLOR',
  'RUST_BACKTRACE',
  'RUST_LOG',
  'PYTHONDONTWRITEBYTECODE',
  'PYTHONUNBUFFERED',
  'CARGO_TERM_COLOR',
  'TZ',
  'LANG',
  'LC_ALL',
  'DEBUG',
  'TERM',
  'COLUMNS',
  'CGO_ENABLED',
  'GOOS',
  'GOARCH',
  'TS_NODE_TRANSPILE_ONLY',
]);

/** Commands whose arguments are text, not paths. */
const textArguments = new Set(['echo', 'printf', 'true', 'false', ':', 'exit', 'test', '[']);
/** Short options that take a separate value, for commands whose first operand is a pattern. */
const patternCommands: Record<string, string> = {
  grep: 'ABCmefdD',
  egrep: 'ABCmefdD',
  fgrep: 'ABCmefdD',
  rg: 'ABCefgjmMrtTEd',
  sed: 'efl',
  awk: 'vF',
  gawk: 'vF',
  mawk: 'vF',
};

export function checkCommand(command: SimpleCommand, ctx: CheckContext): Denial | undefined {
  for (const { name, value } of command.assignments) {
    if (!harmlessVariables.has(name)) {
      return deny(
        'env-prefix',
        `Setting \`${name}\` for a command is not allowed (variables like it can change what runs). Allowed: ${[...harmlessVariables].join(', ')}.`,
      );
    }
    if (!/^[\w.,:*+-]{0,100}$/.test(value.value))
      return deny('env-prefix', `\`${name}=${value.value}\`: the value must be a short plain word.`);
  }
  const [nameWord, ...args] = command.words;
  if (!nameWord || nameWord.glob || nameWord.value === '') {
    return deny('command-name', 'The command name must be a literal word.');
  }
  const name = nameWord.value;
  if (name.includes('/')) {
    const problem = checkPathWord(nameWord, ctx.paths, 'read');
    if (problem) return problem;
  }
  const problem = checkArgumentPaths(name, args, ctx.paths);
  if (problem) return problem;
  if (name.includes('/')) return undefined; // a script or binary inside the workspace
  return checkWords([name, ...args.map((a) => a.value)], ctx);
}

function checkWords(words: readonly string[], ctx: CheckContext): Denial | undefined {
  const [name, ...args] = words as [string, ...string[]];
  const hard = hardDenial(name);
  if (hard) return hard;
  const rule = commandRules[name];
  const nested: RuleContext = { checkNested: (inner) => checkWords(inner, ctx) };
  const verdict = rule
    ? rule(args, nested)
    : notAllowed(
        'command-not-allowed',
        `\`${name}\` is not on the allowlist of commands. Use the file tools for reading and editing, and the project's own test/build/lint commands for checks.`,
      );
  if (verdict && !verdict.hard && matchExtraRule(words, ctx.extraRules)) return undefined;
  return verdict;
}

function checkArgumentPaths(name: string, args: readonly Word[], paths: PathContext): Denial | undefined {
  if (textArguments.has(name)) return undefined;
  const use = writeCommands.has(name) ? 'write' : 'read';
  const pattern = patternIndex(name, args);
  for (let i = 0; i < args.length; i++) {
    if (i === pattern) continue;
    for (const candidate of pathCandidates(args[i]!)) {
      const problem = checkPathWord(candidate, paths, use);
      if (problem) return problem;
    }
  }
  return undefined;
}

const writeCommands = new Set(['cp', 'mv', 'rm', 'rmdir', 'mkdir', 'touch', 'tee', 'chmod', 'sort', 'xxd']);

/** The argument itself, or for an option the value after `=` or glued to a short option. */
function pathCandidates(word: Word): Word[] {
  const v = word.value;
  if (!v.startsWith('-') || v === '-') return [word];
  if (v.includes('=')) return [{ ...word, value: v.slice(v.indexOf('=') + 1) }];
  if (/^-[A-Za-z](\/|~|\.\.)/.test(v)) return [{ ...word, value: v.slice(2) }];
  return [];
}

/** Index of the pattern operand of grep-like commands, when it is not given by an option. */
function patternIndex(name: string, args: readonly Word[]): number | undefined {
  const valueOptions = patternCommands[name];
  if (valueOptions === undefined) return undefined;
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === '--') return i + 1;
    if (/^(-[ef]|--regexp|--file|--expression)/.test(v) && !(name.endsWith('awk') && v === '-f'))
      return undefined;
    if (!v.startsWith('-')) return i;
    if (v.length === 2 && valueOptions.includes(v[1]!)) i++;
  }
  return undefined;
}

/** Checks a redirect: only stdin/stdout/stderr, files inside the workspace, never `.git/` or workflows. */
export function checkRedirect(redirect: Redirect, ctx: CheckContext): Denial | undefined {
  const { fd, op, target } = redirect;
  if (fd !== undefined && fd > 2)
    return deny(
      'redirect-fd',
      `Redirecting file descriptor ${fd} is not allowed; only stdout/stderr (and stdin) can be redirected.`,
    );
  switch (op) {
    case '<<':
    case '<<-':
    case '<<<':
    case '>&-':
    case '<&-':
      return undefined;
    case '>&':
    case '<&':
      if (target && /^[0-2-]$/.test(target.value)) return undefined;
      return op === '>&' && target
        ? checkPathWord(target, ctx.paths, 'write')
        : deny('redirect', `\`${op}\` needs a descriptor 0-2.`);
    case '>':
    case '>>':
    case '>|':
    case '&>':
    case '&>>':
      return target
        ? checkPathWord(target, ctx.paths, 'write')
        : deny('redirect', 'A redirect needs a target.');
    case '<':
      return target
        ? checkPathWord(target, ctx.paths, 'read')
        : deny('redirect', 'A redirect needs a source.');
    default:
      return deny('redirect', `The redirect \`${op}\` is not allowed.`);
  }
}

/** `cd <dir>`: the directory must be in the workspace; returns the directories it may lead to. */
export function checkCd(command: SimpleCommand, ctx: CheckContext): Denial | string[] {
  const targets = command.words.slice(1).filter((w) => w.value !== '--');
  const target = targets[0];
  if (targets.length !== 1 || !target || target.value === '-' || target.value.startsWith('-')) {
    return deny(
      'cd',
      '`cd` needs exactly one directory inside the workspace (plain `cd` and `cd -` leave it).',
    );
  }
  const problem = checkPathWord(target, ctx.paths, 'read');
  if (problem) return problem;
  return ctx.paths.cwds.map((cwd) => path.resolve(cwd, target.value));
}
