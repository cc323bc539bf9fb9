/**
 * `glob`: find files by name with `fast-glob` (`**` crosses folders). Symlinks are listed but never
 * followed, `.git` and `node_modules` are skipped, and `.gitignore`d files are dropped by asking git
 * itself (`git check-ignore`), so nested ignore files and negations behave exactly as in git.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import fg from 'fast-glob';
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
 * missing: then only the built-in skips apply.
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
  if (result.exitCode !== 0) return new Set();
  return new Set(String(result.stdout).split('\0').filter(Boolean));
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

      let found: string[];
      try {
        found = await fg(relativePattern, {
          cwd: base.path,
          dot: true,
          onlyFiles: true,
          followSymbolicLinks: false,
          suppressErrors: true,
          ignore: ['**/.git/**', '**/node_modules/**'],
        });
      } catch (error) {
        return { output: `Invalid glob pattern: ${(error as Error).message}`, isError: true };
      }
      const fromRoot = found.map((p) => path.relative(policy.root, path.join(base.path, p)));
      const ignored = await gitIgnored(policy.root, fromRoot, gitEnv, signal);
      const files = fromRoot.filter((p) => !ignored.has(p)).sort();
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
