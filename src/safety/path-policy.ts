/**
 * The one place that decides which paths the agent may touch. Every path is resolved the way the
 * kernel would (symlinks followed, `..` removed) and the rules are checked on the *real* path, so a
 * symlink inside the workspace cannot lead to `/proc/self/environ` or to a file outside.
 * The bash policy reuses {@link checkPathRules} and {@link PathPolicy} for path-like arguments.
 */
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { SYMLINK_HOPS_MAX } from '../limits.js';

/** What a path is wanted for; writing has extra rules. */
export type PathAccess = 'read' | 'write';

/** The rule that refused a path, named in the message the model sees. */
export type PathRule =
  | 'outside-workspace'
  | 'proc'
  | 'git-internals'
  | 'git-hooks'
  | 'workflows'
  | 'hard-link'
  | 'unresolvable';

/** A refused path: which rule, and a message written for the model. */
export interface PathRefusal {
  kind: 'refused';
  rule: PathRule;
  message: string;
}

/** An allowed path: `path` is the real absolute path to open; `relative` is for display. */
export interface PathAllowed {
  kind: 'allowed';
  path: string;
  relative: string;
}

export type PathDecision = PathAllowed | PathRefusal;

/** Resolves paths given by the model (relative to the workspace, or absolute) and applies the rules. */
export interface PathPolicy {
  /** Real path of the workspace root. */
  readonly root: string;
  resolveForRead(p: string): PathDecision;
  resolveForWrite(p: string): PathDecision;
  resolve(p: string, access: PathAccess): PathDecision;
}

/**
 * Real path of `target` as the kernel walks it: segment by segment from the root, each symlink
 * replaced by where it points *before* the next `..` is applied (so `link/..` is the parent of
 * the link's target, not the folder holding the link). Parts that do not exist yet are kept as
 * written; a dangling symlink is followed to where a write would land.
 */
export function realPathOf(target: string, hops = 0): string {
  if (hops > SYMLINK_HOPS_MAX) throw Object.assign(new Error('too many symbolic links'), { code: 'ELOOP' });
  const absolute = path.isAbsolute(target) ? target : path.resolve(target);
  let current = '/';
  const segments = absolute.split('/').filter((s) => s !== '' && s !== '.');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment === '..') {
      current = path.dirname(current);
      continue;
    }
    const next = path.join(current, segment);
    let link: string | undefined;
    try {
      if (lstatSync(next).isSymbolicLink()) link = readlinkSync(next);
    } catch {
      // Does not exist: the rest is a path about to be created, kept as written.
      return path.resolve(next, ...segments.slice(i + 1));
    }
    current = link === undefined ? next : realPathOf(path.resolve(current, link), hops + 1);
  }
  return current;
}

function segmentsOf(relative: string): string[] {
  return relative.split(path.sep).map((s) => s.toLowerCase());
}

function hasPair(segments: string[], first: string, second: string): boolean {
  return segments.some((s, i) => s === first && segments[i + 1] === second);
}

/**
 * The rules, on an already-resolved real path. Returns the refusal, or undefined when allowed.
 * Segment names compare case-insensitively because macOS and Windows file systems do.
 */
export function checkPathRules(realPath: string, root: string, access: PathAccess): PathRefusal | undefined {
  const refuse = (rule: PathRule, why: string): PathRefusal => ({
    kind: 'refused',
    rule,
    message: `Refused by path policy (rule ${rule}): ${why}`,
  });
  if (realPath === '/proc' || realPath.startsWith('/proc/')) {
    return refuse('proc', `${realPath} is under /proc, which is never accessible.`);
  }
  const relative = path.relative(root, realPath);
  if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
    return refuse('outside-workspace', `${realPath} is outside the workspace ${root}. Use paths inside it.`);
  }
  const segments = segmentsOf(relative);
  if (access === 'write' && hasPair(segments, '.git', 'hooks')) {
    return refuse('git-hooks', `${relative} is a git hook; hooks may not be written.`);
  }
  if (segments.includes('.git')) {
    return refuse(
      'git-internals',
      `${relative} is inside .git, which is off limits (use git commands instead).`,
    );
  }
  // All of `.github/`, not only workflows: composite actions, CODEOWNERS and dependabot settings
  // there change what later workflows run or who reviews; `.github` itself too (`rm -rf .github`).
  if (access === 'write' && segments.includes('.github')) {
    return refuse(
      'workflows',
      `${relative} is under .github/, which holds workflows, actions and repository settings; it may not be written.`,
    );
  }
  return undefined;
}

/**
 * A file with more than one name (a hard link) is not written through: its other names may be a
 * protected file (`.git/config`, a workflow) or lie outside the workspace (a runner's dotfile, a
 * package store), and a write changes them all. Commands can make such links where no sandbox
 * stops them (level `none`), and the path rules only see the name given.
 */
function hardLinkRefusal(real: string): PathRefusal | undefined {
  let links: number;
  try {
    const info = lstatSync(real);
    if (!info.isFile()) return undefined;
    links = info.nlink;
  } catch {
    return undefined; // a new file
  }
  if (links <= 1) return undefined;
  return {
    kind: 'refused',
    rule: 'hard-link',
    message: `Refused by path policy (rule hard-link): ${real} has ${links} names (hard links); writing it would change the others too, which may be protected files or lie outside the workspace. Delete it first, then write a new file.`,
  };
}

/** Creates the policy for one workspace. Throws if the workspace itself does not exist (a misconfiguration). */
export function createPathPolicy(workspaceRoot: string): PathPolicy {
  const root = realpathSync.native(path.resolve(workspaceRoot));
  const resolve = (p: string, access: PathAccess): PathDecision => {
    let real: string;
    try {
      real = realPathOf(path.resolve(root, p));
    } catch (error) {
      const reason = (error as Error).message;
      return {
        kind: 'refused',
        rule: 'unresolvable',
        message: `Refused by path policy (rule unresolvable): ${p}: ${reason}`,
      };
    }
    const refusal =
      checkPathRules(real, root, access) ?? (access === 'write' ? hardLinkRefusal(real) : undefined);
    if (refusal) return refusal;
    return { kind: 'allowed', path: real, relative: path.relative(root, real) || '.' };
  };
  return {
    root,
    resolve,
    resolveForRead: (p) => resolve(p, 'read'),
    resolveForWrite: (p) => resolve(p, 'write'),
  };
}
