/**
 * `glob`: find files by name (`**` crosses folders). In a git work tree the candidates are what git
 * lists (`git ls-files -co --exclude-standard`: tracked files and untracked ones not ignored), so
 * nested ignore files and negations behave exactly as in git and the cost is one listing, whatever
 * the number of matches; elsewhere `fast-glob` walks the folder. Symlinks are listed but never
 * followed; `.git` and `node_modules` are skipped.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import fg from 'fast-glob';
import picomatch from 'picomatch';
import { z } from 'zod';
import { searchGitEnv } from '../git/git-env.js';
import { MAX_GLOB_RESULTS, TREE_TOOL_TIMEOUT_MS } from '../limits.js';
import type { PathPolicy } from '../safety/path-policy.js';
import { defineTool } from './tool.js';

const parameters = z.object({
  pattern: z.string().describe('e.g. "**/*.ts", "src/**/test_*.py"'),
  path: z.string().optional().describe('Folder to search (default: workspace root)'),
});

/**
 * Paths (relative to `root`) that git ignores. Empty when `root` is not a git work tree or git is
 * missing: then only the built-in skips apply. Throws when git ran and failed (a corrupt index,
 * killed by the signal): answering "nothing ignored" then would drop the ignore filter silently.
 */
export async function gitIgnored(
  root: string,
  paths: string[],
  env: Readonly<Record<string, string>>,
  signal?: AbortSignal,
): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const result = await execa('git', ['check-ignore', '--stdin', '-z'], {
    cwd: root,
    // `check-ignore` reads the index, and with it `core.fsmonitor`: never the runner's environment.
    env,
    extendEnv: false,
    input: paths.join('\0'),
    reject: false,
    stripFinalNewline: false,
    ...(signal ? { cancelSignal: signal } : {}),
  });
  const stderr = String(result.stderr ?? '');
  // 0: some paths are ignored; 1: none is.
  if (result.exitCode === 0 || result.exitCode === 1)
    return new Set(String(result.stdout).split('\0').filter(Boolean));
  if (result.exitCode === 128 && /not a git repository/.test(stderr)) return new Set();
  if ((result as { code?: string }).code === 'ENOENT') return new Set();
  const why =
    stderr.trim().split('\n')[0] ||
    (result.isCanceled ? 'cancelled' : `exit ${result.exitCode ?? result.signal}`);
  throw new Error(`git check-ignore failed (${why.replace(/^fatal: /, '')})`);
}

/** Files below `folder` (relative to `root`, `.` for all) as git lists them that `keep`, or why not. */
type GitListing =
  | { kind: 'listed'; paths: string[] }
  | { kind: 'not-a-repository' }
  | { kind: 'failed'; message: string };

/** Whether any part of `file` (repository-relative) is `node_modules`. */
function inNodeModules(file: string): boolean {
  return (
    file === 'node_modules' ||
    file.startsWith('node_modules/') ||
    file.includes('/node_modules/') ||
    file.endsWith('/node_modules')
  );
}

async function gitListing(
  root: string,
  folder: string,
  env: Readonly<Record<string, string>>,
  signal: AbortSignal,
  keep: (file: string) => boolean,
): Promise<GitListing> {
  // One listing: -t tags each path, so files deleted from disk (R) or outside a sparse checkout (S)
  // are told apart from what exists, tracked (H) or untracked and not ignored (?).
  const result = await execa(
    'git',
    [
      'ls-files',
      '-z',
      '-t',
      '-c',
      '-d',
      '-o',
      '--exclude-standard',
      '--',
      folder === '.' ? '.' : `:(literal)${folder}`,
    ],
    { cwd: root, env, extendEnv: false, reject: false, stripFinalNewline: false, cancelSignal: signal },
  );
  if (result.exitCode === 128 && /not a git repository/.test(String(result.stderr)))
    return { kind: 'not-a-repository' };
  // Never answer unfiltered: a listing that failed or was cut short is an error the model sees.
  if (result.exitCode !== 0)
    return {
      kind: 'failed',
      message: String(result.stderr).trim() || `git ls-files exited ${result.exitCode}`,
    };
  // Walked in place, twice, keeping only what matches: at 100k files, splitting the listing into
  // entries and each path into its folders grew the heap by 40 MB more (102 against 59 MB).
  const listing = String(result.stdout);
  const each = (visit: (tag: string, file: string) => void) => {
    for (let at = 0; at < listing.length; ) {
      const next = listing.indexOf('\0', at);
      const end = next === -1 ? listing.length : next;
      if (end - at > 2) visit(listing[at]!, listing.slice(at + 2, end));
      at = end + 1;
    }
  };
  const gone = new Set<string>();
  each((tag, file) => {
    if (tag === 'R' || tag === 'S') gone.add(file);
  });
  const paths = new Set<string>();
  each((_, file) => {
    if (!gone.has(file) && !inNodeModules(file) && keep(file)) paths.add(file);
  });
  return { kind: 'listed', paths: [...paths] };
}

export interface GlobDeps {
  policy: PathPolicy;
  /** The scrubbed environment (no secret); git gets it with its own settings (`searchGitEnv`). */
  env?: Readonly<Record<string, string>>;
}

/** Creates the `glob` tool. */
export function createGlobTool({ policy, env = {} }: GlobDeps) {
  const gitEnv = searchGitEnv(env, policy.root);
  return defineTool({
    name: 'glob',
    description: `Find files by name pattern. Skips .git, node_modules and gitignored files. Sorted paths, max ${MAX_GLOB_RESULTS}.`,
    parameters,
    readOnly: true,
    timeoutMs: TREE_TOOL_TIMEOUT_MS,
    async execute({ pattern, path: requested = '.' }, { signal }) {
      const base = policy.resolveForRead(requested);
      if (base.kind === 'refused') return { output: base.message, isError: true, status: 'denied' };
      const info = await stat(base.path).catch(() => undefined);
      if (!info?.isDirectory()) return { output: `${base.relative} is not a folder.`, isError: true };
      let relativePattern = pattern;
      if (path.isAbsolute(pattern)) relativePattern = path.relative(base.path, pattern);
      if (relativePattern.split('/').includes('..')) {
        return {
          output: 'The pattern may not leave the search folder (no ".."); set path instead.',
          isError: true,
        };
      }

      let files: string[];
      const folder = path.relative(policy.root, base.path) || '.';
      let matches: (file: string) => boolean;
      try {
        matches = picomatch(relativePattern, { dot: true });
      } catch (error) {
        return { output: `Invalid glob pattern: ${(error as Error).message}`, isError: true };
      }
      const prefix = folder === '.' ? '' : `${folder}/`;
      const keep = (p: string) => p.startsWith(prefix) && matches(p.slice(prefix.length));
      const listing = await gitListing(policy.root, folder, gitEnv, signal, keep);
      if (listing.kind === 'failed')
        return {
          output: `Cannot list the files git tracks or does not ignore: ${listing.message}`,
          isError: true,
        };
      try {
        if (listing.kind === 'listed') {
          files = listing.paths.sort();
        } else {
          const found = await fg(relativePattern, {
            cwd: base.path,
            dot: true,
            onlyFiles: true,
            followSymbolicLinks: false,
            suppressErrors: true,
            ignore: ['**/.git/**', '**/node_modules/**'],
          });
          files = found.map((p) => path.relative(policy.root, path.join(base.path, p))).sort();
        }
      } catch (error) {
        return { output: `Invalid glob pattern: ${(error as Error).message}`, isError: true };
      }
      if (files.length === 0) {
        const where = base.relative === '.' ? '' : ` in ${base.relative}`;
        return { output: `No files match "${pattern}"${where}.`, isError: false, meta: { count: 0 } };
      }
      const shown = files.slice(0, MAX_GLOB_RESULTS);
      if (files.length > MAX_GLOB_RESULTS) {
        shown.push(`[showing ${MAX_GLOB_RESULTS} of ${files.length} files; narrow the pattern or path]`);
      }
      return { output: shown.join('\n'), isError: false, meta: { count: files.length } };
    },
  });
}
