/**
 * Checks one simple command: its `NAME=value` prefixes (by variable and value shape), the
 * command name (a path is mapped to the tool it is, or treated as workspace code), the hard
 * denials by name, the core allowed without a sandbox, then the command's own rule;
 * `allowed-commands` lifts soft denials only.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { POLICY_SCRIPT_FILE_BYTES } from '../limits.js';
import { realPathOf } from '../safety/path-policy.js';
import { type Approval, recordCommand, recordPath } from './approval.js';
import { coreDenial } from './core.js';
import { type Denial, deny, notAllowed } from './denial.js';
import { type ExtraRule, matchExtraRule } from './extra-rules.js';
import { hardDenial } from './hard-denies.js';
import { type Isolation, workspaceCodeDenial } from './isolation.js';
import type { LineState } from './line-state.js';
import { checkPathWord, inside, type PathContext } from './paths.js';
import { commandRules } from './rules/index.js';
import type { PathKind, RuleContext } from './rules/rule.js';
import type { SimpleCommand } from './syntax.js';
import { checkAssignment, loaderVariable } from './variables.js';
import type { Word } from './words.js';
import type { WrittenFiles } from './written.js';

export type { Isolation } from './isolation.js';

export interface CheckContext {
  paths: PathContext;
  extraRules: readonly ExtraRule[];
  isolation: Isolation;
  written: WrittenFiles;
  line: LineState;
  /** What the line runs and touches, as the policy modelled it; only when asked (approval.ts). */
  approval?: Approval;
}

const maxDepth = 8;

export function checkCommand(command: SimpleCommand, ctx: CheckContext): Denial | undefined {
  let loads = false;
  for (const assignment of command.assignments) {
    const problem = checkAssignment(assignment.name, assignment.value, (w, use) =>
      checkPathKind(w, use, ctx),
    );
    if (problem) return problem;
    const loader = loaderVariable(assignment.name);
    if (loader) {
      const code = workspaceCode(ctx, `\`${assignment.name}\` ${loader}`);
      if (code) return code;
      loads = true;
    }
  }
  const [nameWord] = command.words;
  if (!nameWord || nameWord.glob || nameWord.value === '') {
    return deny('command-name', 'The command name must be a literal word.');
  }
  const first = ctx.approval?.commands.length;
  const denial = checkWords(command.words, ctx, 0);
  // A loader variable makes the command load workspace code (allowed above by the sandbox).
  if (!denial && loads && first !== undefined) markProjectCode(ctx, first);
  return denial;
}

/** Marks an approved command as running the project's code (with the record only). */
function markProjectCode(ctx: CheckContext, entry: number | undefined): void {
  const approved = entry === undefined ? undefined : ctx.approval?.commands[entry];
  if (approved) approved.projectCode = true;
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
  if (nameWord.glob) return deny('command-name', 'The command name must be a literal word.');
  // After the `time` keyword bash reads `NAME=value` as a variable for the command, not a name.
  if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(nameWord.value))
    return deny(
      'env-prefix',
      `\`${nameWord.value}\` stands where a command name is expected; bash may read it as a variable for the command that follows (after \`time\`). Put variables in front of the whole command.`,
    );
  let name = nameWord.value;
  if (name.includes('/')) {
    const mapped = mapPathCommand(nameWord, ctx);
    if (typeof mapped !== 'string') return mapped;
    if (mapped === '') {
      const problem = workspaceCode(ctx, `\`${name}\` runs a program from the workspace`);
      if (!problem) markProjectCode(ctx, entry);
      return problem;
    }
    name = mapped;
  }
  const hard = hardDenial(name) ?? coreDenial(name, ctx.isolation);
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
    ctx.line.unmodelled = true;
    const approved = entry === undefined ? undefined : ctx.approval?.commands[entry];
    if (approved) approved.byAllowedCommands = true;
    return undefined;
  }
  return verdict;
}

function ruleContext(ctx: CheckContext, depth: number, entry: number | undefined): RuleContext {
  return {
    cwds: ctx.paths.cwds,
    workspace: ctx.paths.workspace,
    isolation: ctx.isolation,
    checkNested: (inner) => (inner.length === 0 ? undefined : checkWords(inner, ctx, depth + 1, entry)),
    checkPath: (word, kind) => checkPathKind(word, kind, ctx),
    workspaceCode: (what) => {
      const problem = workspaceCode(ctx, what);
      if (!problem) markProjectCode(ctx, entry);
      return problem;
    },
    chdir: (dir) => {
      const problem = checkPathWord(dir, ctx.paths, 'read');
      if (problem) return problem;
      const cwds = dir.value.startsWith('/')
        ? [realPathOf(dir.value)]
        : ctx.paths.cwds.map((cwd) => realPathOf(`${cwd}/${dir.value}`));
      return ruleContext({ ...ctx, paths: { ...ctx.paths, cwds: [...new Set(cwds)] } }, depth, entry);
    },
    readChecked: (word, refuseWritten) => readChecked(word, refuseWritten, ctx),
    lineWritesAt: (word) => {
      const reals = realPaths(word.value, ctx);
      return ctx.line.writes
        .filter((w) => reals.some((real) => inside(real, w.path)))
        .map((w) => w.links ?? 'plain');
    },
  };
}

/** The refusal for workspace code at level `none`, unless the user turned the sandbox off. */
export function workspaceCode(ctx: CheckContext, what: string): Denial | undefined {
  return workspaceCodeDenial(ctx.isolation, what);
}

/** Real paths `value` names from each folder the command may run in. */
function realPaths(value: string, ctx: CheckContext): string[] {
  const froms = value.startsWith('/') ? ['/'] : ctx.paths.cwds;
  return [...new Set(froms.map((cwd) => realPathOf(`${cwd}/${value}`)))];
}

/**
 * Paths by kind: `walk` may not enter `.git/`; `load` may not name a URL or a file written this
 * run; writes are recorded as the line's; `tree`, `links` and `link` may not take the workspace
 * or a folder holding `.git`/`.github`; `links`/`link` mark where symlinks may appear (line-state.ts).
 */
export function checkPathKind(word: Word, kind: PathKind, ctx: CheckContext): Denial | undefined {
  if (ctx.approval) recordPath(ctx.approval, word, kind, realPathOf, ctx.paths.cwds);
  if (kind === 'load') return checkLoad(word, ctx);
  const problem = checkPathWord(word, ctx.paths, kind === 'read' || kind === 'walk' ? 'read' : 'write');
  if (problem) return problem;
  const writes = kind === 'write' || kind === 'tree' || kind === 'links' || kind === 'link';
  if (writes && !/^\/dev\/(null|stdout|stderr|stdin)$/.test(word.value)) {
    for (const real of realPaths(word.value, ctx)) {
      if (kind !== 'write') {
        const guard = treeGuard(real, word.value, ctx);
        if (guard) return guard;
      }
      const links = kind === 'link' ? 'at' : kind === 'links' ? 'below' : undefined;
      ctx.line.writes.push({ path: real, ...(links ? { links } : {}), step: ctx.line.step });
    }
  }
  if (kind === 'walk' && !word.glob) {
    for (const real of realPaths(word.value, ctx)) {
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

/** A folder moved, removed or changed recursively may not be the workspace or hold `.git`/`.github`. */
function treeGuard(real: string, shown: string, ctx: CheckContext): Denial | undefined {
  const protectedInside = ['.git', '.github'].some((name) => existsSync(path.join(real, name)));
  if (inside(ctx.paths.workspace, real) || protectedInside)
    return deny(
      'rm-workspace',
      `\`${shown}\` is the workspace, a folder above it, or a folder holding \`.git\`/\`.github\`; removing, moving or changing it recursively is not allowed. Name the files or folders inside it.`,
    );
  return undefined;
}

/**
 * True when a step of this line checked so far writes `real`, a folder above it, or a file below
 * it (the steps after it are compared when the line ends: line-state.ts).
 */
function writtenByLine(real: string, ctx: CheckContext): boolean {
  ctx.line.pinned.push({
    path: real,
    shown: path.relative(ctx.paths.workspace, real) || real,
    step: ctx.line.step,
  });
  return ctx.line.writes.some((w) => inside(real, w.path) || inside(w.path, real));
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
    ctx.paths.cwds.every((cwd) => !existsSync(path.resolve(cwd, value)));
  // A bare name is a package (node_modules), a Python module (`pkg.mod` is `pkg/mod.py`) or a file.
  const module = value.replace(/\./g, '/');
  const targets = bare
    ? [`node_modules/${value}`, `${value}.py`, `${module}.py`, `${module}/__init__.py`, value]
    : [value];
  for (const target of targets) {
    const targetWord = { ...word, value: target };
    if (!bare) {
      const problem = checkPathWord(targetWord, ctx.paths, 'read');
      if (problem) return problem;
    }
    let reals: string[];
    try {
      reals = realPaths(target, ctx);
    } catch {
      continue;
    }
    for (const real of reals) {
      if (ctx.written.has(real) || writtenByLine(real, ctx)) {
        return deny(
          'load-written-file',
          `\`${value}\` names a module or plugin the agent wrote (or copied) during this run; loading it into a tool is refused at every sandbox level. Run the project's tests as they are configured.`,
        );
      }
    }
  }
  return undefined;
}

/**
 * Reads a file a tool will read as code or as a list of names (`sed -f`, `awk -f`,
 * `--files0-from`), from every folder the command may run in. Refused: stdin, a file an earlier
 * step of this line writes (it would be checked before it is written), and, with
 * `refuseWritten`, a file the agent wrote this run.
 */
function readChecked(word: Word, refuseWritten: boolean, ctx: CheckContext): string[] | Denial {
  const value = word.value;
  if (value === '-' || value.startsWith('/dev/') || word.glob)
    return deny(
      'unchecked-file',
      `\`${value}\` is read by the tool at run time and cannot be checked now; name a workspace file.`,
    );
  const problem = checkPathWord(word, ctx.paths, 'read');
  if (problem) return problem;
  const contents: string[] = [];
  for (const real of realPaths(value, ctx)) {
    if (writtenByLine(real, ctx))
      return deny(
        'unchecked-file',
        `\`${value}\` is written earlier on this line, so the policy cannot read what the tool will; run the commands as separate calls.`,
      );
    if (refuseWritten && ctx.written.has(real))
      return deny(
        'script-written-this-run',
        `\`${value}\` was written (or copied) by the agent during this run; a program file the agent wrote is not run by a tool. Give the program inline instead.`,
      );
    try {
      // Missing: the tool fails on it (nothing on this line creates it: checked above).
      if (!existsSync(real)) continue;
      const stat = statSync(real);
      if (!stat.isFile() || stat.size > POLICY_SCRIPT_FILE_BYTES) throw new Error('not a small regular file');
      contents.push(readFileSync(real, 'utf8'));
    } catch (error) {
      return deny('unchecked-file', `\`${value}\` cannot be read to check it (${(error as Error).message}).`);
    }
  }
  return contents;
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
  let reals: string[];
  try {
    reals = realPaths(word.value, ctx);
  } catch {
    return '';
  }
  for (const real of reals) {
    if (ctx.written.has(real) || writtenByLine(real, ctx)) return '';
    if (binDir) {
      const modules = path.join(ctx.paths.workspace, 'node_modules');
      if (!inside(real, modules)) return '';
    }
  }
  if (binDir && (commandRules[base] || hardDenial(base))) return base;
  if (base === 'gradlew' || base === 'mvnw') return base;
  return '';
}

/** `env [-C dir] [NAME=value …] command …`: the same variable rules, then the command. */
function checkEnv(
  args: readonly Word[],
  ctx: CheckContext,
  depth: number,
  entry: number | undefined,
): Denial | undefined {
  let i = 0;
  let inner = ctx;
  for (; i < args.length; i++) {
    const a = args[i]!.value;
    // The action sets variables every command relies on to stay offline and contained (`CI`,
    // which turns off update checks; git's safe.directory; the allowlist's proxy): removing them
    // turns an offline tool into one that reaches the network (`env -i npm why react`).
    if (a === '-i' || a === '--ignore-environment' || a === '-' || /^(-u|--unset)/.test(a))
      return deny(
        'environment',
        `\`env ${a}\` is not allowed: it removes variables the action sets for every command. Run the command without it.`,
      );
    const chdir = /^(-C|--chdir)$/.test(a) ? args[++i] : /^(-C|--chdir=)(.+)$/.exec(a)?.[2];
    if (chdir !== undefined || a === '-C' || a === '--chdir') {
      if (!chdir) return deny('wrapper', '`env -C` needs a folder.');
      const dir = typeof chdir === 'string' ? { value: chdir, glob: false } : chdir;
      const problem = checkPathWord(dir, inner.paths, 'read');
      if (problem) return problem;
      // The command runs in that folder: its relative paths resolve there.
      const froms = dir.value.startsWith('/') ? ['/'] : inner.paths.cwds;
      inner = {
        ...inner,
        paths: { ...inner.paths, cwds: [...new Set(froms.map((cwd) => realPathOf(`${cwd}/${dir.value}`)))] },
      };
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
    const name = a.slice(0, eq);
    const problem =
      checkAssignment(name, { value: a.slice(eq + 1), glob: false }, (w, use) =>
        checkPathKind(w, use, inner),
      ) ?? (loaderVariable(name) ? workspaceCode(ctx, `\`${name}\` ${loaderVariable(name)}`) : undefined);
    if (problem) return problem;
    // The command env runs loads workspace code: recorded on env, which runs it.
    if (loaderVariable(name)) markProjectCode(ctx, entry);
  }
  const command = args.slice(i);
  if (command.length === 0)
    return deny('environment', '`env` without a command prints the environment, which is not allowed.');
  return checkWords(command, inner, depth + 1, entry);
}
