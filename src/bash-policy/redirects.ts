/**
 * The shell's own file operations: redirects (only stdin/stdout/stderr, into workspace files,
 * recorded as the line's writes) and `cd` (into the workspace; later paths are checked against
 * every folder it may lead to).
 */
import { realPathOf } from '../safety/path-policy.js';
import { recordPath } from './approval.js';
import { type CheckContext, checkPathKind } from './check-command.js';
import { type Denial, deny } from './denial.js';
import { checkPathWord } from './paths.js';
import type { Redirect, SimpleCommand } from './syntax.js';

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
  const froms = target.value.startsWith('/') ? ['/'] : ctx.paths.cwds;
  return froms.map((cwd) => realPathOf(`${cwd}/${target.value}`));
}
