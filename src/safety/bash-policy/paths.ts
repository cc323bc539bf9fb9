/**
 * Checks on path-like words (arguments, option values, redirect targets). Pure checks on the
 * literal text first (secrets, devices, `.git/`, absolute and `..` paths), then, for paths
 * that exist, `realpath` so a symlink in the workspace cannot lead outside it.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { type Denial, deny } from './denial.js';
import type { Word } from './words.js';

/** Where paths are resolved: the real workspace root and every directory the line may `cd` to. */
export interface PathContext {
  workspace: string;
  cwds: string[];
}

export type PathUse = 'read' | 'write';

const readFileHint = 'Use read_file/glob/grep for files inside the workspace.';

/** Secret-bearing names refused in any position of any word. */
const secretNames =
  /(^|[/=:])(\.ssh|\.npmrc|\.netrc|\.git-credentials|\.gnupg|\.aws|\.docker|\.kube|\.pypirc|\.gitconfig|\.yarnrc|\.config\/gh|id_rsa|id_ed25519|id_ecdsa|id_dsa)([/.]|$)/;

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
  const system = /^\/(proc|sys|dev|etc|root|run|var|boot)(\/|$)/.exec(value);
  const devNull = ['/dev/null', '/dev/stdout', '/dev/stderr'].includes(value);
  if (system && !devNull && !inside(path.resolve(value), ctx.workspace)) {
    return deny('system-path', `\`${value}\` is outside the workspace (/${system[1]}). ${readFileHint}`);
  }
  if (hasGitSegment(value, word.glob)) {
    return deny(
      'git-internals',
      `\`${value}\` points into \`.git/\`; use git status/diff/log to inspect the repository.`,
    );
  }
  if (devNull) return undefined;
  for (const cwd of value.startsWith('/') ? [ctx.workspace] : ctx.cwds) {
    const problem = checkResolved(path.resolve(cwd, value), word, ctx.workspace, use);
    if (problem) return problem;
  }
  return undefined;
}

function checkResolved(resolved: string, word: Word, workspace: string, use: PathUse): Denial | undefined {
  if (!inside(resolved, workspace)) return outside(word.value);
  if (use === 'write' && isWorkflowPath(resolved, workspace)) return workflowDenial(word.value);
  if (word.glob) return undefined;
  const real = nearestRealPath(resolved);
  if (!inside(real, workspace)) {
    return deny(
      'symlink-escape',
      `\`${word.value}\` resolves (through a symlink) to a path outside the workspace.`,
    );
  }
  if (hasGitSegment(path.relative(workspace, real), false)) {
    return deny('git-internals', `\`${word.value}\` resolves into \`.git/\`.`);
  }
  if (use === 'write' && isWorkflowPath(real, workspace)) return workflowDenial(word.value);
  return undefined;
}

/** `realpath` of the path, or of its nearest existing ancestor joined with the rest. */
function nearestRealPath(p: string): string {
  let rest = '';
  let current = p;
  for (;;) {
    try {
      return path.join(realpathSync.native(current), rest);
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return p;
      rest = path.join(path.basename(current), rest);
      current = parent;
    }
  }
}

/** True when `p` is `root` or below it. */
export function inside(p: string, root: string): boolean {
  return p === root || p.startsWith(root.endsWith('/') ? root : `${root}/`);
}

/** A `.git` path segment, or (for globs) a dot-segment pattern that could match `.git`. */
function hasGitSegment(value: string, glob: boolean): boolean {
  return value.split(/[/=]/).some((segment) => {
    if (segment === '.git') return true;
    if (!glob || !segment.startsWith('.') || !/[*?[]/.test(segment)) return false;
    return globSegmentRegExp(segment).test('.git');
  });
}

function globSegmentRegExp(segment: string): RegExp {
  let source = '';
  for (const ch of segment) {
    if (ch === '*') source += '.*';
    else if (ch === '?') source += '.';
    else if (ch === '[' || ch === ']') source += ch;
    else source += ch.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&');
  }
  try {
    return new RegExp(`^${source}$`);
  } catch {
    return /^/; // an unparsable bracket expression: assume it could match
  }
}

function isWorkflowPath(p: string, workspace: string): boolean {
  return inside(p, path.join(workspace, '.github', 'workflows'));
}

function workflowDenial(value: string): Denial {
  return deny(
    'workflow-files',
    `\`${value}\` is under \`.github/workflows/\`; workflow files cannot be changed by the agent.`,
  );
}

function outside(value: string): Denial {
  return deny(
    'outside-workspace',
    `\`${value}\` is outside the workspace. Use paths relative to the workspace root. ${readFileHint}`,
  );
}
