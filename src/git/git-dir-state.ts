/**
 * Everything in a `.git` folder that can steer git, read as bytes so it can be compared and put
 * back: `config`, `HEAD` (a symbolic ref can point anywhere), `commondir`, `index` (its flags can
 * hide a change), `packed-refs` and `refs/` (`refs/replace/` swaps objects), `shallow`, `hooks/`,
 * `info/` (attributes, grafts, sparse-checkout), `objects/info/` (`alternates` adds another
 * object store, `commit-graph` restates parents and trees), merge and rebase state, and the same
 * in each submodule's and linked worktree's folder. Not read: `objects/` (content-addressed; only
 * its kind is kept, since a symbolic link there would move every object) and the contents of
 * `logs/` and `lfs/` (git's bookkeeping, large; which files exist is still compared).
 */
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

export type GitDirEntry =
  | { kind: 'dir' }
  | {
      kind: 'file';
      mode: number;
      content?: Buffer;
      /** Inode, size, mtime and ctime (ns): unchanged means the same content (ctime cannot be set). */
      stamp?: string;
    }
  | { kind: 'link'; target: string }
  | { kind: 'other' };

export interface GitDirState {
  /** The folder read, as the action's git is pointed at it. */
  root: string;
  /** `dev:ino` of the folder itself: a folder swapped for another cannot be put back. */
  identity: string;
  /** Every entry by path relative to `root` (`/`-separated), in sorted order. */
  entries: Map<string, GitDirEntry>;
}

/** A `.git` that cannot be put back as it was, so the action runs no git on it. */
export class GitDirReplacedError extends Error {
  constructor(reason: string) {
    super(
      `The agent's commands ${reason}, which the action cannot put back; it ran no git command on it, so nothing was committed.`,
    );
    this.name = 'GitDirReplacedError';
  }
}

const NOT_READ = new Set(['objects']);
/** An object store: the repository's own, or a submodule's or worktree's. */
const OBJECT_STORE = /^((modules|worktrees)\/.+\/)?objects$/;
const KIND_ONLY = new Set(['logs', 'lfs']);

function identityOf(root: string): string {
  const stat = lstatSync(root, { throwIfNoEntry: false });
  if (!stat?.isDirectory())
    throw new GitDirReplacedError(`replaced ${root} with something that is not a folder`);
  return `${stat.dev}:${stat.ino}`;
}

/**
 * Reads `root` (see the module comment). With `previous` (an earlier read of the same folder), a
 * file whose stamp is unchanged keeps the content read then: the index is 10 MB at 100k files,
 * and the guard reads the folder after each of the action's commands.
 */
export function readGitDir(root: string, previous?: GitDirState): GitDirState {
  const entries = new Map<string, GitDirEntry>();
  const walk = (relative: string, gitDirRoot: boolean, kindOnly: boolean) => {
    const names = readdirSync(path.join(root, relative)).sort();
    // A submodule's or worktree's folder is a git folder of its own: the same zones apply in it.
    const nested = !gitDirRoot && /^(modules|worktrees)\//.test(relative) && names.includes('HEAD');
    for (const name of names) {
      const child = relative ? `${relative}/${name}` : name;
      const full = path.join(root, child);
      const stat = lstatSync(full);
      if (stat.isDirectory()) {
        entries.set(child, { kind: 'dir' });
        const atRoot = gitDirRoot || nested;
        if (atRoot && NOT_READ.has(name)) {
          if (lstatSync(path.join(full, 'info'), { throwIfNoEntry: false })?.isDirectory()) {
            entries.set(`${child}/info`, { kind: 'dir' });
            walk(`${child}/info`, false, kindOnly);
          }
        } else walk(child, false, kindOnly || (atRoot && KIND_ONLY.has(name)));
      } else if (stat.isSymbolicLink()) entries.set(child, { kind: 'link', target: readlinkSync(full) });
      else if (stat.isFile()) {
        const mode = stat.mode & 0o777;
        if (kindOnly) entries.set(child, { kind: 'file', mode });
        else entries.set(child, readFile(full, mode, previous?.entries.get(child)));
      } else entries.set(child, { kind: 'other' });
    }
  };
  const identity = identityOf(root);
  walk('', true, false);
  return { root, identity, entries };
}

function readFile(full: string, mode: number, before: GitDirEntry | undefined): GitDirEntry {
  const stat = lstatSync(full, { bigint: true });
  const stamp = `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
  if (before?.kind === 'file' && before.stamp === stamp && before.content && before.mode === mode)
    return before;
  return { kind: 'file', mode, content: readFileSync(full), stamp };
}

function same(a: GitDirEntry | undefined, b: GitDirEntry | undefined): boolean {
  if (a === b) return a !== undefined;
  if (!a || !b || a.kind !== b.kind) return false;
  if (a.kind === 'link' && b.kind === 'link') return a.target === b.target;
  if (a.kind === 'file' && b.kind === 'file') {
    if (a.mode !== b.mode) return false;
    return a.content === undefined || b.content === undefined || a.content.equals(b.content);
  }
  return true;
}

/** Paths that differ between two readings of the same folder, sorted. */
export function changedEntries(before: GitDirState, after: GitDirState): string[] {
  const changed = new Set<string>();
  for (const [name, entry] of after.entries) if (!same(before.entries.get(name), entry)) changed.add(name);
  for (const name of before.entries.keys()) if (!after.entries.has(name)) changed.add(name);
  return [...changed].sort();
}

/**
 * Puts `before` back where `after` differs, without following any link the agent left (an entry
 * in the way is removed first). Throws {@link GitDirReplacedError} when the folder itself or an
 * object store was swapped, which no copy of ours can undo.
 */
export function restoreGitDir(before: GitDirState, after: GitDirState, changed: readonly string[]): void {
  if (after.identity !== before.identity) throw new GitDirReplacedError(`replaced the folder ${before.root}`);
  const store = changed.find((name) => OBJECT_STORE.test(name) && before.entries.get(name)?.kind === 'dir');
  if (store) throw new GitDirReplacedError(`replaced the object store ${before.root}/${store}`);
  const full = (name: string) => path.join(before.root, name);
  // Deepest first, so what is inside a removed folder goes before it; a folder that is still a
  // folder stays (its changed contents are listed on their own).
  for (const name of [...changed].reverse()) {
    const now = after.entries.get(name);
    if (!now || (now.kind === 'dir' && before.entries.get(name)?.kind === 'dir')) continue;
    rmSync(full(name), { recursive: true, force: true });
  }
  for (const name of changed) {
    const entry = before.entries.get(name);
    if (entry?.kind === 'dir') mkdirSync(full(name), { recursive: true });
    else if (entry?.kind === 'link') symlinkSync(entry.target, full(name));
    else if (entry?.kind === 'file') {
      // Bookkeeping read for its kind only (a reflog) comes back empty: git starts a new one.
      // `wx`: the path was cleared above, so nothing the agent put there is written through.
      writeFileSync(full(name), entry.content ?? '', { mode: entry.mode, flag: 'wx' });
    }
  }
}
