/**
 * Checks one simple command: its `NAME=value` prefixes (by variable and value shape), the
 * command name (a path is mapped to the tool it is, or treated as workspace code), the hard
 * denials by name, then the command's own rule; `allowed-commands` lifts soft denials only.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { realPathOf } from '../path-policy.js';
import { type Approval, recordCommand, recordPath } from './approval.js';
import { type Denial, deny, notAllowed } from './denial.js';
import { type ExtraRule, matchExtraRule } from './extra-rules.js';
import { hardDenial } from './hard-denies.js';
import { checkPathWord, inside, type PathContext } from './paths.js';
import { commandRules } from './rules/index.js';
import { literal, type RuleContext } from './rules/rule.js';
import type { Redirect, SimpleCommand } from './syntax.js';
import { checkAssignment } from './variables.js';
import type { Word } from './words.js';

/** How far the sandbox isolates commands, which decides whether workspace code may run. */
export type Isolation = 'namespace' | 'none-deliberate' | 'none';

export interface CheckContext {
  paths: PathContext;
  extraRules: readonly ExtraRule[];
  isolation: Isolation;
  /** True when the agent wrote the real path (or something below it) this run. */
  wasWritten(realPath: string): boolean;
  /** Write targets of the line being checked; recorded as written when the line is allowed. */
  writes: string[];
  /** What the line runs and touches, as the policy modelled it (see approval.ts). */
  approval?: Approval;
}

const maxDepth = 8;

export function checkCommand(command: SimpleCommand, ctx: CheckContext): Denial | undefined {
  for (const assignment of command.assignments) {
    const problem = checkAssignment(assignment.name, assignment.value, (w) =>
      checkPathWord(w, ctx.paths, 'read'),
    );
    if (problem) return problem;
  }
  const [nameWord] = command.words;
  if (!nameWord || nameWord.glob || nameWord.value === '') {
    return deny('command-name', 'The command name must be a literal word.');
  }
  return checkWords(command.words, ctx, 0);
}

function checkWords(
  words: readonly Word[],
  ctx: CheckContext,
  depth: number,
  parent?: number,
): Denial | undefined {
  if (depth > maxDepth) return deny('wrapper', 'Too many nested wrapper commands.');
  const [nameWord, ...args] = words as [Word, ...Word[]];
  const entry = ctx.approval && recordCommand(ctx.approval, words, ctx.paths.cwds, parent);
  const approved = entry === undefined ? undefined : ctx.approval?.commands[entry];
  if (nameWord.glob) return deny('command-name', 'The command name must be a literal word.');
  let name = nameWord.value;
  if (name.includes('/')) {
    const mapped = mapPathCommand(nameWord, ctx);
    if (typeof mapped !== 'string') return mapped;
    if (mapped === '') {
      const problem = workspaceCode(ctx, `\`${name}\` runs a program from the workspace`);
      if (!problem && approved) approved.projectCode = true;
      return problem;
    }
    name = mapped;
  }
  const hard = hardDenial(name);
  if (hard) return hard;
  if (name === 'env') return checkEnv(args, ctx, depth, entry);
  if (name === 'exit')
    return args.every((a) => /^\d{1,3}$/.test(a.value)) ? undefined : deny('exit', '`exit` takes a number.');
  const rule = commandRules[name];
  const verdict = rule
    ? rule(args, ruleContext(ctx, depth, entry))
    : notAllowed(
        'command-not-allowed',
        `\`${name}\` is not on the allowlist of commands. Use the file tools for reading and editing, and the project's own test/build/lint commands for checks.`,
      );
  if (
    verdict &&
    !verdict.hard &&
    matchExtraRule([nameWord.value, ...args.map((a) => a.value)], ctx.extraRules)
  ) {
    if (approved) approved.byAllowedCommands = true;
    return undefined;
  }
  return verdict;
}

function ruleContext(ctx: CheckContext, depth: number, entry: number | undefined): RuleContext {
  return {
    cwd: ctx.paths.cwds[0] ?? ctx.paths.workspace,
    checkNested: (inner) => (inner.length === 0 ? undefined : checkWords(inner, ctx, depth + 1, entry)),
    checkPath: (word, kind) => checkPathKind(word, kind, ctx),
    workspaceCode: (what) => {
      const problem = workspaceCode(ctx, what);
      const approved = entry === undefined ? undefined : ctx.approval?.commands[entry];
      if (!problem && approved) approved.projectCode = true;
      return problem;
    },
  };
}

/** The refusal for workspace code at level `none`, unless the user turned the sandbox off. */
export function workspaceCode(ctx: CheckContext, what: string): Denial | undefined {
  if (ctx.isolation !== 'none') return undefined;
  return deny(
    'workspace-code-unsandboxed',
    `${what}, which is arbitrary code (a test, build script or Makefile can do anything), and this runner has no sandbox that isolates it from the action's own secrets. Read and check the code with the file tools instead; to run it, use a runner with user namespaces or passwordless sudo, or set \`sandbox: off\` to accept the risk.`,
  );
}

/** Paths by kind: `walk` may not enter `.git/`; `load` may not name a URL or a file written this run. */
function checkPathKind(
  word: Word,
  kind: 'read' | 'write' | 'walk' | 'load',
  ctx: CheckContext,
): Denial | undefined {
  if (ctx.approval) recordPath(ctx.approval, word, kind, realPathOf, ctx.paths.cwds);
  if (kind === 'load') return checkLoad(word, ctx);
  const problem = checkPathWord(word, ctx.paths, kind === 'walk' ? 'read' : kind);
  if (problem) return problem;
  if (kind === 'write') {
    for (const cwd of ctx.paths.cwds) ctx.writes.push(realPathOf(`${cwd}/${word.value}`));
  }
  if (kind === 'walk' && !word.glob) {
    for (const cwd of ctx.paths.cwds) {
      const real = realPathOf(`${cwd}/${word.value}`);
      if (existsSync(path.join(real, '.git')) || inside(ctx.paths.workspace, real)) {
        return deny(
          'recursive-git',
          `A recursive read of \`${word.value}\` walks into \`.git/\`; exclude it (grep: \`--exclude-dir=.git\`, rg: \`-g '!.git'\`), name the folders to search, or use the grep tool.`,
        );
      }
    }
  }
  return undefined;
}

function checkLoad(word: Word, ctx: CheckContext): Denial | undefined {
  const value = word.value;
  if (/^(data|https?|file|ftp|blob|javascript):/i.test(value))
    return deny(
      'load-url',
      `\`${value}\` loads code from a URL; only the project's installed modules and files may be loaded.`,
    );
  if (value.startsWith('node:')) return undefined;
  // A bare package name (`tsx`, `@scope/reporter`) is resolved from node_modules; anything else,
  // or a name that is also a file here, is a path.
  const bare =
    /^(@[\w.-]+\/)?[\w.-]+$/.test(value) &&
    !existsSync(path.resolve(ctx.paths.cwds[0] ?? ctx.paths.workspace, value));
  const pathLike = !bare;
  const targets = pathLike ? [value] : [`node_modules/${value}`, `${value}.py`, value];
  for (const target of targets) {
    const targetWord = { ...word, value: target };
    if (pathLike) {
      const problem = checkPathWord(targetWord, ctx.paths, 'read');
      if (problem) return problem;
    }
    for (const cwd of ctx.paths.cwds) {
      let real: string;
      try {
        real = realPathOf(`${cwd}/${target}`);
      } catch {
        continue;
      }
      if (ctx.wasWritten(real) || ctx.writes.includes(real)) {
        return deny(
          'load-written-file',
          `\`${value}\` names a module or plugin the agent wrote during this run; loading it into a tool is refused at every sandbox level. Run the project's tests as they are configured.`,
        );
      }
    }
  }
  return undefined;
}

/**
 * A command name with a `/`: an unmodified `node_modules/.bin/<tool>`, `gradlew` or `mvnw` is
 * that tool (returns its name); anything else is workspace code (returns '').
 */
function mapPathCommand(word: Word, ctx: CheckContext): string | Denial {
  const problem = checkPathWord(word, ctx.paths, 'read');
  if (problem) return problem;
  const base = path.basename(word.value);
  const binDir = /(^|\/)node_modules\/\.bin\/[^/]+$/.test(word.value);
  for (const cwd of ctx.paths.cwds) {
    let real: string;
    try {
      real = realPathOf(`${cwd}/${word.value}`);
    } catch {
      return '';
    }
    if (ctx.wasWritten(real) || ctx.writes.includes(real)) return '';
    if (binDir) {
      const modules = path.join(ctx.paths.workspace, 'node_modules');
      if (!inside(real, modules)) return '';
    }
  }
  if (binDir && (commandRules[base] || hardDenial(base))) return base;
  if (base === 'gradlew' || base === 'mvnw') return base;
  return '';
}

/** `env [-i] [-u NAME] [-C dir] [NAME=value …] command …`: the same variable rules, then the command. */
function checkEnv(
  args: readonly Word[],
  ctx: CheckContext,
  depth: number,
  entry: number | undefined,
): Denial | undefined {
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!.value;
    if (a === '-i' || a === '--ignore-environment' || a === '-') continue;
    if (a === '-u' || a === '--unset') {
      i++;
      continue;
    }
    if (/^(-u\S|--unset=)/.test(a)) continue;
    if (a === '-C' || a === '--chdir') {
      const dir = args[++i];
      const problem = dir
        ? checkPathWord(dir, ctx.paths, 'read')
        : deny('wrapper', '`env -C` needs a folder.');
      if (problem) return problem;
      continue;
    }
    if (a === '--') {
      i++;
      break;
    }
    if (a.startsWith('-'))
      return deny(
        'wrapper',
        `\`env ${a}\` is not allowed (\`-S\` splits a string into a command the policy cannot see).`,
      );
    const eq = a.indexOf('=');
    if (eq <= 0) break;
    const problem = checkAssignment(a.slice(0, eq), literal(a.slice(eq + 1)), (w) =>
      checkPathWord(w, ctx.paths, 'read'),
    );
    if (problem) return problem;
  }
  const inner = args.slice(i);
  if (inner.length === 0)
    return deny('environment', '`env` without a command prints the environment, which is not allowed.');
  return checkWords(inner, ctx, depth + 1, entry);
}

/** Checks a redirect: only stdin/stdout/stderr, files inside the workspace, never `.git/` or `.github/`. */
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
        ? checkPathKind(target, 'write', ctx)
        : deny('redirect', `\`${op}\` needs a descriptor 0-2.`);
    case '>':
    case '>>':
    case '>|':
    case '&>':
    case '&>>':
      return target ? checkPathKind(target, 'write', ctx) : deny('redirect', 'A redirect needs a target.');
    case '<':
      if (target && ctx.approval) recordPath(ctx.approval, target, 'read', realPathOf, ctx.paths.cwds);
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
  if (
    targets.length !== 1 ||
    !target ||
    target.value === '-' ||
    target.value.startsWith('-') ||
    target.glob
  ) {
    return deny(
      'cd',
      '`cd` needs exactly one directory inside the workspace (plain `cd` and `cd -` leave it).',
    );
  }
  const problem = checkPathWord(target, ctx.paths, 'read');
  if (problem) return problem;
  return ctx.paths.cwds.map((cwd) => realPathOf(`${cwd}/${target.value}`));
}
