/**
 * Reads files as they are on a branch of the remote, not in the working tree. Repository
 * instructions (`AGENTS.md`, `CLAUDE.md` …) go into the prompt as trusted guidance, so they must
 * come from the branch the maintainers control, never from a PR head or an earlier agent branch
 * that a hostile model or contributor could have written. The branch is fetched once and pinned
 * to its commit, so every later read sees the same tree even if `FETCH_HEAD` moves.
 */
import type { GitCommandManager } from './git-command-manager.js';
import { TreeFiles } from './tree-files.js';

/** One file of the tree: its mode (`100644`, `100755`, `120000` for a symlink), blob id and size. */
export interface TreeFile {
  mode: string;
  oid: string;
  bytes: number;
}

/** A branch's tree at one commit. */
export interface BranchTree {
  branch: string;
  /** The commit the tree is read at. */
  sha: string;
  /** Every file (blobs and symlinks; not submodules), by repository-relative path. */
  files: ReadonlyMap<string, TreeFile>;
  /** A file's text at that commit, or undefined when it is not there. */
  read(filePath: string): Promise<string | undefined>;
  /** Reads `paths` in one git process, so the `read`s of them that follow cost nothing. */
  prefetch(paths: readonly string[]): Promise<void>;
}

/** The file's text on `branch`, or undefined when the branch or the file does not exist. */
export async function readFileOnBranch(
  git: GitCommandManager,
  remoteUrl: string,
  branch: string,
  filePath: string,
): Promise<string | undefined> {
  const sha = await fetchBranch(git, remoteUrl, branch);
  return sha ? showFile(git, sha, filePath) : undefined;
}

/** `branch` fetched and listed, or undefined when the remote has no such branch. */
export async function readBranchTree(
  git: GitCommandManager,
  remoteUrl: string,
  branch: string,
): Promise<BranchTree | undefined> {
  const sha = await fetchBranch(git, remoteUrl, branch);
  return sha ? readCommitTree(git, branch, sha) : undefined;
}

/**
 * The tree of commit `sha` (a commit already in the repository, e.g. a local checkout's start
 * commit), named `branch`; a branch of the remote goes through {@link readBranchTree}.
 */
export async function readCommitTree(
  git: GitCommandManager,
  branch: string,
  sha: string,
): Promise<BranchTree> {
  const listed = await git.exec(['ls-tree', '-r', '-l', '-z', '--full-tree', sha]);
  const files = new TreeFiles(listed.stdout);
  const cache = new Map<string, string | undefined>();
  return {
    branch,
    sha,
    files,
    async read(filePath) {
      if (!cache.has(filePath)) cache.set(filePath, await showFile(git, sha, filePath));
      return cache.get(filePath);
    },
    async prefetch(paths) {
      const wanted = paths.filter((p) => !cache.has(p) && files.has(p) && !p.includes('\n'));
      for (const [p, text] of await catFiles(git, sha, wanted)) cache.set(p, text);
    },
  };
}

/**
 * `paths` at `sha` through one `git cat-file --batch`: each object comes as `<oid> blob <size>`,
 * its bytes and a newline. Read as latin1 so sizes are character counts, then decoded as UTF-8.
 */
async function catFiles(
  git: GitCommandManager,
  sha: string,
  paths: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (paths.length === 0) return out;
  const result = await git.exec(['cat-file', '--batch'], {
    input: `${paths.map((p) => `${sha}:${p}`).join('\n')}\n`,
    encoding: 'latin1',
    allowAllExitCodes: true,
  });
  const raw = result.stdout;
  let at = 0;
  for (const p of paths) {
    const headerEnd = raw.indexOf('\n', at);
    if (headerEnd < 0) break;
    const header = /^[0-9a-f]+ (\w+) (\d+)$/.exec(raw.slice(at, headerEnd));
    at = headerEnd + 1;
    if (!header) continue;
    const size = Number(header[2]);
    if (header[1] === 'blob') out.set(p, Buffer.from(raw.slice(at, at + size), 'latin1').toString('utf8'));
    at += size + 1;
  }
  return out;
}

async function fetchBranch(
  git: GitCommandManager,
  remoteUrl: string,
  branch: string,
): Promise<string | undefined> {
  const fetched = await git.exec(
    ['fetch', '--no-tags', '--no-recurse-submodules', '--depth=1', remoteUrl, `refs/heads/${branch}`],
    { allowAllExitCodes: true },
  );
  if (fetched.exitCode !== 0) return undefined;
  const head = await git.exec(['rev-parse', '--verify', 'FETCH_HEAD^{commit}'], { allowAllExitCodes: true });
  return head.exitCode === 0 ? head.stdout.trim() : undefined;
}

async function showFile(git: GitCommandManager, sha: string, filePath: string): Promise<string | undefined> {
  const shown = await git.exec(['show', `${sha}:${filePath}`], { allowAllExitCodes: true });
  return shown.exitCode === 0 ? shown.stdout : undefined;
}
