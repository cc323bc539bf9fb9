/**
 * Checks on path-valued words (operands, option values, glued values, redirect targets). The
 * literal text is checked first (network devices, credentials files, system folders); then the
 * path is resolved the way the kernel walks it and the file tools' own rules
 * ({@link checkPathRules}) decide, so both tools refuse the same paths. A glob is checked against
 * every name it matches on disk, and refused where a segment could match `.` or `..`.
 */
import path from 'node:path';
import { POLICY_GLOB_MAX_MATCHES } from '../limits.js';
import { checkPathRules, type PathAccess, realPathOf } from '../safety/path-policy.js';
import { type Denial, deny } from './denial.js';
import { expandGlob, segmentMatchesDots } from './glob.js';
import type { Word } from './words.js';

/** Where paths are resolved: the real workspace root and every directory the line may `cd` to. */
export interface PathContext {
  workspace: string;
  cwds: string[];
  /** Told every path resolved (as joined, before resolution), for the line's end check (line-state.ts). */
  resolved?: (joined: string) => void;
}

/** `read`/`write` as in the file tools; `walk` is a recursive read (see recursive-walk.ts). */
export type PathUse = PathAccess;

const readFileHint = 'Use read_file/glob/grep for files inside the workspace.';

/** Secret-bearing names refused in any position of any word. */
const secretNames =
  /(^|[/=:])(\.ssh|\.npmrc|\.netrc|\.git-credentials|\.gnupg|\.aws|\.docker|\.kube|\.pypirc|\.gitconfig|\.yarnrc|\.config\/gh|id_rsa|id_ed25519|id_ecdsa|id_dsa)([/.]|$)/i;

const streams = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/stdin']);

/** Refuses `word` if it names a secret, a device or system directory, or leaves the workspace. */
export function checkPathWord(word: Word, ctx: PathContext, use: PathUse): Denial | undefined {
  const value = word.value;
  if (/\/dev\/(tcp|udp)\//.test(value)) {
    return deny(
      'network-device',
      `\`${value}\` opens a network connection; network access is not available.`,
    );
  }
  if (secretNames.test(value)) {
    return deny('secret-path', `\`${value}\` names a credentials file; those are off limits.`);
  }
  if (streams.has(value)) return undefined;
  const system = /^\/(proc|sys|dev|etc|root|run|var|boot|home|tmp)(\/|$)/.exec(value);
  if (system && !inside(path.resolve(value), ctx.workspace)) {
    return deny('system-path', `\`${value}\` is outside the workspace (/${system[1]}). ${readFileHint}`);
  }
  if (word.glob) return checkGlob(word, ctx, use);
  for (const cwd of value.startsWith('/') ? ['/'] : ctx.cwds) {
    // Joined as text, not with path.join: `..` must be applied after the symlinks before it.
    const problem = checkResolved(`${cwd}/${value}`, value, ctx, use);
    if (problem) return problem;
  }
  return undefined;
}

function checkResolved(joined: string, shown: string, ctx: PathContext, use: PathUse): Denial | undefined {
  let real: string;
  try {
    real = realPathOf(joined);
  } catch (error) {
    return deny('unresolvable', `\`${shown}\` cannot be resolved (${(error as Error).message}).`);
  }
  ctx.resolved?.(joined);
  const refusal = checkPathRules(real, ctx.workspace, use);
  if (!refusal) return undefined;
  const lexical = path.resolve(joined);
  const viaLink = lexical !== real && !refusalFor(lexical, ctx.workspace, use);
  switch (refusal.rule) {
    case 'outside-workspace':
      return viaLink
        ? deny('symlink-escape', `\`${shown}\` resolves (through a symlink) to a path outside the workspace.`)
        : deny(
            'outside-workspace',
            `\`${shown}\` is outside the workspace. Use paths relative to the workspace root. ${readFileHint}`,
          );
    case 'proc':
      return deny('system-path', `\`${shown}\` is under /proc. ${readFileHint}`);
    case 'git-internals':
    case 'git-hooks':
      return deny(
        'git-internals',
        `\`${shown}\` points into \`.git/\`; use git status/diff/log to inspect the repository.`,
      );
    case 'workflows':
      return deny(
        'workflow-files',
        `\`${shown}\` is under \`.github/\`; workflows, actions and repository settings cannot be changed by the agent.`,
      );
    default:
      return deny(refusal.rule, refusal.message);
  }
}

function refusalFor(p: string, root: string, use: PathUse): boolean {
  return checkPathRules(p, root, use) !== undefined;
}

/** Every name the glob matches is checked; a pattern that could match `.`/`..` is refused. */
function checkGlob(word: Word, ctx: PathContext, use: PathUse): Denial | undefined {
  const value = word.value;
  if (value.split('/').some(segmentMatchesDots)) {
    return deny(
      'glob-dot-segment',
      `\`${value}\` has a pattern that can match \`.\` or \`..\` (bash does on some versions); name the folder.`,
    );
  }
  for (const cwd of value.startsWith('/') ? ['/'] : ctx.cwds) {
    const matches = expandGlob(cwd, value, POLICY_GLOB_MAX_MATCHES + 1);
    if (matches.length > POLICY_GLOB_MAX_MATCHES) {
      return deny(
        'glob-too-wide',
        `\`${value}\` matches more than ${POLICY_GLOB_MAX_MATCHES} names; narrow it.`,
      );
    }
    // No match: bash passes the pattern itself, which then names a file to create or read.
    const names = matches.length === 0 ? [path.join(cwd, value.replace(/[*?[\]]/g, '_'))] : matches;
    if (matches.length === 0 && value.startsWith('/')) return outsideGlob(value);
    for (const name of names) {
      const problem = checkResolved(name, `${value}\` (matching \`${path.relative(cwd, name)}`, ctx, use);
      if (problem) return problem;
    }
  }
  return undefined;
}

function outsideGlob(value: string): Denial {
  return deny('outside-workspace', `\`${value}\` is outside the workspace. ${readFileHint}`);
}

/** True when `p` is `root` or below it. */
export function inside(p: string, root: string): boolean {
  return p === root || p.startsWith(root.endsWith('/') ? root : `${root}/`);
}
