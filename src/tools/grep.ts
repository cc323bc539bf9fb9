/**
 * `grep`: search file contents by regex. The backend is picked once, on first use: ripgrep if it
 * is on PATH, else `git grep`, else a JS walk (see `grep-backends.ts`); the choice and any later
 * downgrade are logged once. No match is an ordinary result, not a failure.
 */
import { stat } from 'node:fs/promises';
import { execa } from 'execa';
import { z } from 'zod';
import { searchGitEnv } from '../git/git-env.js';
import { MAX_GREP_LINE_CHARS, MAX_GREP_LINES, TREE_TOOL_TIMEOUT_MS } from '../limits.js';
import type { PathPolicy } from '../safety/path-policy.js';
import {
  type GrepBackendName,
  type GrepOutcome,
  type GrepQuery,
  searchWithGitGrep,
  searchWithJs,
  searchWithRipgrep,
} from './grep-backends.js';
import { cutLine } from './text-file.js';
import { defineTool } from './tool.js';

export interface GrepDeps {
  policy: PathPolicy;
  /** Where the backend choice is reported (once). */
  log?: (message: string) => void;
  /** Backends to consider, best first; tests and benches narrow it. Default: all three. */
  backends?: GrepBackendName[];
  /** The scrubbed environment (no secret); the searches get it with `searchGitEnv`'s settings. */
  env?: Readonly<Record<string, string>>;
}

const parameters = z.object({
  pattern: z.string().min(1).describe('Regex (PCRE syntax)'),
  path: z.string().optional().describe('File or folder (default: workspace root)'),
  include: z.string().optional().describe('File glob, e.g. "*.ts" or "*.{ts,tsx}"'),
});

type Search = (query: GrepQuery) => Promise<GrepOutcome>;
interface Backend {
  name: GrepBackendName;
  search: Search;
}

/** Which backends can run here, best first. The JS walk always can. */
async function availableBackends(
  root: string,
  wanted: GrepBackendName[],
  env: Readonly<Record<string, string>>,
) {
  const succeeds = async (file: string, args: string[]) =>
    (await execa(file, args, { cwd: root, env, extendEnv: false, reject: false, stdin: 'ignore' }))
      .exitCode === 0;
  const backends: Backend[] = [];
  const skipped: string[] = [];
  if (wanted.includes('rg')) {
    if (await succeeds('rg', ['--version'])) backends.push({ name: 'rg', search: searchWithRipgrep });
    else skipped.push('ripgrep is not on PATH');
  }
  if (wanted.includes('git-grep')) {
    if (await succeeds('git', ['--version'])) {
      const inRepo = await succeeds('git', ['rev-parse', '--is-inside-work-tree']);
      backends.push({ name: 'git-grep', search: (q) => searchWithGitGrep(q, { inRepo }) });
    } else skipped.push('git is not on PATH');
  }
  backends.push({ name: 'js', search: searchWithJs });
  return { backends, skipped };
}

/** Creates the `grep` tool. */
export function createGrepTool({
  policy,
  log = () => {},
  backends: wanted = ['rg', 'git-grep', 'js'],
  env = {},
}: GrepDeps) {
  // ripgrep and git run outside the sandbox, in a folder the agent writes: no secret, no
  // runner-wide git configuration, every program-running git setting off.
  const searchEnv = searchGitEnv(env, policy.root);
  let ready: Promise<Backend[]> | undefined;
  const backends = () => {
    ready ??= availableBackends(policy.root, wanted, searchEnv).then(({ backends: found, skipped }) => {
      const why = skipped.length > 0 ? ` (${skipped.join('; ')})` : '';
      log(`grep backend: ${found[0]?.name}${why}`);
      return found;
    });
    return ready;
  };

  return defineTool({
    name: 'grep',
    description: `Search file contents by regex. Returns "path:line:text", max ${MAX_GREP_LINES} lines. Skips .git, node_modules, gitignored and binary files.`,
    parameters,
    readOnly: true,
    timeoutMs: TREE_TOOL_TIMEOUT_MS,
    async execute({ pattern, path: requested = '.', include }, { signal }) {
      const target = policy.resolveForRead(requested);
      if (target.kind === 'refused') return { output: target.message, isError: true, status: 'denied' };
      const info = await stat(target.path).catch(() => undefined);
      if (!info) return { output: `Not found: ${target.relative}. Use glob to find paths.`, isError: true };
      const query: GrepQuery = {
        pattern,
        root: policy.root,
        target: target.relative,
        targetIsFile: !info.isDirectory(),
        include,
        limit: MAX_GREP_LINES,
        signal,
        env: searchEnv,
      };

      const candidates = await backends();
      let outcome: GrepOutcome = { kind: 'unavailable', reason: 'no backend' };
      let used: GrepBackendName = 'js';
      while (candidates[0]) {
        const backend = candidates[0];
        outcome = await backend.search(query);
        used = backend.name;
        if (outcome.kind !== 'unavailable') break;
        if (candidates[0] !== backend) continue; // a concurrent call already downgraded
        candidates.shift(); // for the rest of the run
        log(`grep backend: ${backend.name} → ${candidates[0]?.name ?? 'none'} (${outcome.reason})`);
      }
      if (outcome.kind === 'unavailable')
        return { output: `grep cannot run: ${outcome.reason}`, isError: true };
      if (outcome.kind === 'error')
        return { output: `Invalid pattern or search: ${outcome.message}`, isError: true };

      const where = `${target.relative === '.' ? '' : ` in ${target.relative}`}${include ? ` (include ${include})` : ''}`;
      if (outcome.lines.length === 0) {
        return {
          output: `No matches for ${JSON.stringify(pattern)}${where}.`,
          isError: false,
          meta: { matches: 0, backend: used },
        };
      }
      const shown = outcome.lines.slice(0, MAX_GREP_LINES).map((line) => cutLine(line, MAX_GREP_LINE_CHARS));
      if (outcome.lines.length > MAX_GREP_LINES) {
        shown.push(
          `[showing the first ${MAX_GREP_LINES} matches; narrow with path, include or a more specific pattern]`,
        );
      }
      const truncated = outcome.lines.length > MAX_GREP_LINES;
      return {
        output: shown.join('\n'),
        isError: false,
        meta: { matches: shown.length - (truncated ? 1 : 0), truncated, backend: used },
      };
    },
  });
}
