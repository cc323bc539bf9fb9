/**
 * A bare git repository for tests: seeded with an initial commit, then read back (branches, files,
 * history) to assert what a run pushed. Commits are written with plumbing, so no work tree is needed.
 */

import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One commit as `log` reports it. */
export interface CommitInfo {
  sha: string;
  tree: string;
  parents: string[];
  author: { name: string; email: string; date: string };
  committer: { name: string; email: string; date: string };
  subject: string;
  /** The whole message (subject, blank line, body, trailers). */
  message: string;
}

/** Files to write (`string`) or delete (`null`), by repository-relative path. */
export type FileChanges = Record<string, string | null>;

export interface SeedOptions {
  /** Folder holding `{owner}/{repo}.git`; a new temp folder when omitted. */
  root?: string;
  owner: string;
  repo: string;
  defaultBranch?: string;
  /** Copy this directory's files (not its `.git`) into the initial commit. */
  fromDir?: string;
  /** Files of the initial commit (added to `fromDir`'s). */
  files?: Record<string, string>;
  message?: string;
}

const IDENTITY = { name: 'Test Seeder', email: 'seeder@example.com' };

/** A bare repository at `{root}/{owner}/{repo}.git`. */
export class BareRepo {
  private readonly cache = new Map<string, Promise<string>>();

  constructor(
    readonly root: string,
    readonly gitDir: string,
    readonly defaultBranch: string,
  ) {}

  /** Runs git against the bare repository and returns stdout (trailing newline trimmed); throws on failure. */
  async git(args: string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<string> {
    const result = await runGit(['--git-dir', this.gitDir, ...args], options);
    if (result.exitCode !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
    return result.stdout.replace(/\n$/, '');
  }

  /** Like `git`, memoised: only for commands whose output depends on object names alone. */
  gitCached(args: string[]): Promise<string> {
    const key = args.join('\0');
    let result = this.cache.get(key);
    if (!result) {
      result = this.git(args);
      this.cache.set(key, result);
      result.catch(() => this.cache.delete(key));
    }
    return result;
  }

  /** The commit SHA a ref (branch name, full ref or SHA) points at, or undefined. */
  async resolve(ref: string): Promise<string | undefined> {
    const result = await runGit(['--git-dir', this.gitDir, 'rev-parse', '--verify', '-q', `${ref}^{commit}`]);
    return result.exitCode === 0 ? result.stdout.trim() : undefined;
  }

  /** Branch names, sorted. */
  async branches(): Promise<string[]> {
    const out = await this.git(['for-each-ref', '--format=%(refname:short)', 'refs/heads']);
    return out ? out.split('\n').sort() : [];
  }

  /** A file's text at `ref`, or undefined when it does not exist there. */
  async readFile(ref: string, file: string): Promise<string | undefined> {
    const result = await runGit(['--git-dir', this.gitDir, 'show', `${ref}:${file}`]);
    return result.exitCode === 0 ? result.stdout : undefined;
  }

  /** Every file path at `ref`, sorted. */
  async listFiles(ref: string): Promise<string[]> {
    const out = await this.git(['ls-tree', '-r', '--name-only', ref]);
    return out ? out.split('\n').sort() : [];
  }

  /** Commits reachable from `ref`, newest first (at most `max`). */
  async log(ref: string, max = 100): Promise<CommitInfo[]> {
    const format = ['%H', '%T', '%P', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%s', '%B'].join('%x1f');
    const out = await this.git(['log', `--max-count=${max}`, `--format=${format}%x1e`, ref]);
    return out
      .split('\x1e')
      .map((entry) => entry.replace(/^\n/, ''))
      .filter(Boolean)
      .map((entry) => {
        const [sha, tree, parents, an, ae, ad, cn, ce, cd, subject, message] = entry.split('\x1f');
        return {
          sha: sha!,
          tree: tree!,
          parents: parents ? parents.split(' ') : [],
          author: { name: an!, email: ae!, date: ad! },
          committer: { name: cn!, email: ce!, date: cd! },
          subject: subject!,
          message: (message ?? '').trimEnd(),
        };
      });
  }

  /**
   * Commits `changes` on top of `parent` (default: the ref itself) and points `ref` at the result;
   * `ref` is a branch name or a full ref such as `refs/pull/1/head`. Returns the new SHA.
   */
  async commit(ref: string, changes: FileChanges, message: string, parent?: string): Promise<string> {
    const fullRef = ref.startsWith('refs/') ? ref : `refs/heads/${ref}`;
    const base = parent ?? (await this.resolve(fullRef));
    const scratch = await mkdtemp(path.join(tmpdir(), 'bare-index-'));
    const env = { GIT_INDEX_FILE: path.join(scratch, 'index') };
    try {
      if (base) await this.git(['read-tree', base], { env });
      for (const [file, content] of Object.entries(changes)) {
        if (content === null) {
          await this.git(['--work-tree', scratch, 'update-index', '--force-remove', file], { env });
          continue;
        }
        const blob = await this.git(['hash-object', '-w', '--stdin'], { input: content });
        await this.git(['update-index', '--add', '--cacheinfo', `100644,${blob},${file}`], { env });
      }
      const tree = await this.git(['write-tree'], { env });
      return await this.commitTree(fullRef, tree, message, base);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  /** Points `ref` at `sha` (creating it), e.g. `refs/pull/3/head`. */
  async setRef(ref: string, sha: string): Promise<void> {
    await this.git(['update-ref', ref, sha]);
  }

  /** Writes a commit of `tree` (with `parent`, if any) and points `ref` at it. */
  async commitTree(ref: string, tree: string, message: string, parent?: string): Promise<string> {
    const identity = {
      GIT_AUTHOR_NAME: IDENTITY.name,
      GIT_AUTHOR_EMAIL: IDENTITY.email,
      GIT_COMMITTER_NAME: IDENTITY.name,
      GIT_COMMITTER_EMAIL: IDENTITY.email,
    };
    const args = ['commit-tree', tree, ...(parent ? ['-p', parent] : [])];
    const sha = await this.git(args, { input: message, env: identity });
    await this.git(['update-ref', ref, sha]);
    return sha;
  }
}

/** Creates `{root}/{owner}/{repo}.git` with one commit on the default branch. */
export async function seedBareRepo(options: SeedOptions): Promise<BareRepo> {
  const root = options.root ?? (await mkdtemp(path.join(tmpdir(), 'fake-github-git-')));
  const defaultBranch = options.defaultBranch ?? 'main';
  const gitDir = path.join(root, options.owner, `${options.repo}.git`);
  await mkdir(gitDir, { recursive: true });
  await runGit(['init', '--bare', '-q', `--initial-branch=${defaultBranch}`, gitDir]);
  const repo = new BareRepo(root, gitDir, defaultBranch);
  // http-backend serves pushes only to authenticated users or when receivepack is on.
  await repo.git(['config', 'http.receivepack', 'true']);
  const scratch = await mkdtemp(path.join(tmpdir(), 'bare-seed-'));
  const env = { GIT_INDEX_FILE: path.join(scratch, 'index') };
  try {
    if (options.fromDir) await repo.git(['--work-tree', options.fromDir, 'add', '-A', '.'], { env });
    for (const [file, content] of Object.entries(options.files ?? {})) {
      const blob = await repo.git(['hash-object', '-w', '--stdin'], { input: content });
      await repo.git(['update-index', '--add', '--cacheinfo', `100644,${blob},${file}`], { env });
    }
    const tree = await repo.git(['write-tree'], { env });
    await repo.commitTree(`refs/heads/${defaultBranch}`, tree, options.message ?? 'Initial commit');
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return repo;
}

/** Spawns git directly: execa's extra layers cost ~10 ms per call, and the fake runs many. */
function runGit(
  args: string[],
  options: { input?: string; env?: Record<string, string> } = {},
): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', ...options.env },
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        exitCode: code ?? -1,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
    // A git that exits before reading its input must not crash the test process with EPIPE.
    child.stdin?.on('error', () => {});
    child.stdin?.end(options.input);
  });
}
