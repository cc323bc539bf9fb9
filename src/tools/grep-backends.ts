/**
 * The three ways `grep` can search, best first: ripgrep, `git grep` (on every runner; fast, and it
 * honours ignore rules), and a JS walk. Each returns at most `limit` + 1 lines of `path:line:text`
 * (paths relative to the workspace root, sorted) so the tool can say whether more exist, and
 * stops the search as soon as it has them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import fg from 'fast-glob';
import { gitIgnored } from './glob.js';
import { looksBinary, splitLines } from './text-file.js';

export type GrepBackendName = 'rg' | 'git-grep' | 'js';

export interface GrepQuery {
  pattern: string;
  /** Real path of the workspace root; the search runs there. */
  root: string;
  /** What to search, relative to `root`: `.`, a folder or a file. */
  target: string;
  targetIsFile: boolean;
  include?: string | undefined;
  /** Lines wanted; backends return up to `limit + 1` to show there are more. */
  limit: number;
  signal: AbortSignal;
  /** The search processes' whole environment (`searchGitEnv`): no secret, no runner-wide git config. */
  env: Readonly<Record<string, string>>;
}

export type GrepOutcome =
  | { kind: 'lines'; lines: string[] }
  | { kind: 'error'; message: string }
  /** The backend cannot run here (binary missing, PCRE missing); try the next one. */
  | { kind: 'unavailable'; reason: string };

const SKIPPED_DIRS = ['.git', 'node_modules'];

/** Runs a search command, reading stdout line by line and stopping it once enough lines arrived. */
async function runSearch(file: string, args: string[], query: GrepQuery) {
  const subprocess = execa(file, args, {
    cwd: query.root,
    env: query.env,
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
    buffer: { stdout: false },
    cancelSignal: query.signal,
  });
  const lines: string[] = [];
  try {
    for await (const line of subprocess.iterable({ from: 'stdout' })) {
      lines.push(String(line));
      if (lines.length > query.limit) break;
    }
  } catch {
    // Spawn failures and cancellation surface on the awaited result below.
  }
  if (lines.length > query.limit) subprocess.kill();
  const result = await subprocess;
  const spawnFailed =
    result.failed && result.exitCode === undefined && !result.isTerminated && !result.isCanceled;
  return { lines, exitCode: result.exitCode, stderr: String(result.stderr ?? '').trim(), spawnFailed };
}

function firstLines(text: string): string {
  return text.split('\n').slice(0, 3).join('\n');
}

/** Expands `{a,b}` groups, since git pathspecs have no braces: `*.{ts,tsx}` → `*.ts`, `*.tsx`. */
export function expandBraces(glob: string): string[] {
  const match = /\{([^{}]*)\}/.exec(glob);
  if (!match) return [glob];
  const [whole, inner = ''] = match;
  const head = glob.slice(0, match.index);
  const tail = glob.slice(match.index + whole.length);
  return inner.split(',').flatMap((choice) => expandBraces(head + choice + tail));
}

/** ripgrep, sorted by path so the first N matches are stable. */
export async function searchWithRipgrep(query: GrepQuery): Promise<GrepOutcome> {
  // --no-config: a ripgrep config file can name a preprocessor (`--pre`), a program to run.
  const args = ['--no-config', '-n', '--no-heading', '--with-filename', '--color=never', '--hidden'];
  args.push('--no-require-git');
  args.push('--sort=path');
  if (query.include) args.push('-g', query.include);
  for (const dir of SKIPPED_DIRS) args.push('-g', `!${dir}`);
  args.push('-e', query.pattern, '--');
  if (query.target !== '.') args.push(query.target);
  const run = await runSearch('rg', args, query);
  if (run.spawnFailed) return { kind: 'unavailable', reason: 'ripgrep could not be started' };
  if (run.exitCode === 2 && run.lines.length === 0) return { kind: 'error', message: firstLines(run.stderr) };
  return { kind: 'lines', lines: run.lines };
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}

/** Pathspecs for `git grep`: the target, the include filter, and the skipped folders. */
function pathspecs(query: GrepQuery): string[] {
  const specs: string[] = [];
  if (query.targetIsFile) specs.push(`:(literal)${query.target}`);
  else if (query.include) {
    const base = query.target === '.' ? '' : `${escapeGlob(query.target)}/`;
    for (const glob of expandBraces(query.include)) {
      specs.push(`:(glob)${base}${glob.includes('/') ? glob : `**/${glob}`}`);
    }
  } else if (query.target !== '.') specs.push(`:(literal)${query.target}`);
  for (const dir of SKIPPED_DIRS) specs.push(`:(exclude,glob)**/${dir}/**`);
  return specs;
}

/**
 * `git grep` with Perl regexes. Inside a work tree it searches tracked and untracked files
 * (`--untracked`: files the agent just created count) minus ignored ones; outside one it uses
 * `--no-index --exclude-standard`, which still honours `.gitignore`.
 */
export async function searchWithGitGrep(
  query: GrepQuery,
  options: { inRepo: boolean },
): Promise<GrepOutcome> {
  const args = ['-c', 'core.quotePath=off', 'grep', '-n', '-I', '--no-color', '-P'];
  args.push(...(options.inRepo ? ['--untracked'] : ['--no-index', '--exclude-standard']));
  args.push('-e', query.pattern, '--', ...pathspecs(query));
  const run = await runSearch('git', args, query);
  if (run.spawnFailed) return { kind: 'unavailable', reason: 'git could not be started' };
  if (/USE_LIBPCRE|Perl-compatible/i.test(run.stderr)) {
    return { kind: 'unavailable', reason: 'git was built without Perl regex support' };
  }
  if (run.exitCode !== undefined && run.exitCode > 1 && run.lines.length === 0) {
    return { kind: 'error', message: firstLines(run.stderr.replace(/^fatal: /, '')) };
  }
  return { kind: 'lines', lines: run.lines };
}

/** JS regex for a pattern, accepting a leading `(?i)` the way rg and PCRE do. */
export function compilePattern(pattern: string): RegExp {
  return pattern.startsWith('(?i)') ? new RegExp(pattern.slice(4), 'i') : new RegExp(pattern);
}

/** The fallback: walk with fast-glob, skip binary files, test each line. */
export async function searchWithJs(query: GrepQuery): Promise<GrepOutcome> {
  let regex: RegExp;
  try {
    regex = compilePattern(query.pattern);
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  let files: string[];
  if (query.targetIsFile) files = [query.target];
  else {
    const glob = query.include ? (query.include.includes('/') ? query.include : `**/${query.include}`) : '**';
    const cwd = path.join(query.root, query.target);
    const found = await fg(glob, {
      cwd,
      dot: true,
      onlyFiles: true,
      followSymbolicLinks: false,
      suppressErrors: true,
      ignore: SKIPPED_DIRS.map((dir) => `**/${dir}/**`),
    });
    const relative = found.map((f) => path.relative(query.root, path.join(cwd, f)));
    let ignored: Set<string>;
    try {
      ignored = await gitIgnored(query.root, relative, query.env, query.signal);
    } catch (error) {
      // Never search what .gitignore excludes and call it a clean answer.
      return {
        kind: 'error',
        message: `${(error as Error).message}; the files .gitignore excludes could not be told apart`,
      };
    }
    files = relative.filter((f) => !ignored.has(f)).sort();
  }
  const lines: string[] = [];
  for (const file of files) {
    if (query.signal.aborted) break;
    const content = await readFile(path.join(query.root, file)).catch(() => undefined);
    if (!content || looksBinary(content)) continue;
    const fileLines = splitLines(content.toString('utf8'));
    for (let i = 0; i < fileLines.length; i++) {
      const text = fileLines[i] ?? '';
      if (!regex.test(text)) continue;
      lines.push(`${file}:${i + 1}:${text}`);
      if (lines.length > query.limit) return { kind: 'lines', lines };
    }
  }
  return { kind: 'lines', lines };
}
