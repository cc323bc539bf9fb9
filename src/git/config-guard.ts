/**
 * The agent's commands can write the repository's `.git` folder and its attribute files (a test
 * or build script can do anything), and git reads programs to run from them: `core.fsmonitor`,
 * filter, diff and merge drivers, an `include`, a `commondir` that moves the whole configuration
 * elsewhere. The guard makes the action's own git after the agent independent of all that:
 * - at the snapshot (right before the agent first runs) it pins `GIT_DIR` and `GIT_COMMON_DIR`
 *   to where the repository is then, so a `.git` file, a `commondir` or a `.git` link written
 *   later moves nothing, and it reads the `.git` folder (`git-dir-state.ts`) and the lines of
 *   the attribute files that name a driver (`attribute-drivers.ts`);
 * - before each of the action's commands it puts back whatever changed in `.git` since the
 *   action's last command (a warning names what), and refuses to run git at all when the folder
 *   or its object store was swapped, or when a driver line was added: git would start that
 *   driver, and the action's environment is what it would start it with.
 * The action's own changes (fetched refs, the commit, restored credentials) become the new
 * snapshot after each of its commands. The attribute listing walks the whole tree, so it is
 * reused while the run's {@link WorkTreeWriters} say nothing but the action can have written since and
 * the action's commands in between left the work tree alone.
 */
import path from 'node:path';
import { GIT_GUARD_SHOWN } from '../limits.js';
import { attributeDrivers } from './attribute-drivers.js';
import { type GitCommandManager, subcommandOf } from './git-command-manager.js';
import { changedEntries, type GitDirState, readGitDir, restoreGitDir } from './git-dir-state.js';
import type { WorkTreeWriters } from './work-tree-writers.js';

export interface ConfigGuard {
  /** The manager to use for every action git command. */
  readonly git: GitCommandManager;
  /** Pins the repository and takes the snapshot (call right before the agent first runs). */
  snapshot(): Promise<void>;
  /** What was put back, one line each, for the job summary. */
  readonly warnings: readonly string[];
}

/** A driver line added by the agent's commands: the action runs no git that would start it. */
export class NewAttributeDriverError extends Error {
  constructor(readonly lines: readonly string[]) {
    const shown = lines.slice(0, GIT_GUARD_SHOWN).map(asData).join(', ');
    const more = lines.length > GIT_GUARD_SHOWN ? ` and ${lines.length - GIT_GUARD_SHOWN} more` : '';
    super(
      `The agent's commands added git attributes that name a filter, diff or merge driver (${shown}${more}). git would start that driver while the action commits, so nothing was committed. If the attribute is wanted, add it in a commit of your own.`,
    );
    this.name = 'NewAttributeDriverError';
  }
}

/** Text from the workspace shown as data: a code span it cannot close, on one line. */
function asData(text: string): string {
  const clean = text.replace(/[`\p{Cc}]/gu, '?');
  return `\`${clean.length > 120 ? `${clean.slice(0, 119)}…` : clean}\``;
}

/** Subcommands that never read attributes, so never start a driver. */
const ATTRIBUTE_FREE = new Set([
  'rev-parse',
  'ls-remote',
  'fetch',
  'push',
  'config',
  'init',
  'symbolic-ref',
  'for-each-ref',
  'merge-base',
  'update-ref',
]);

/** The action's commands that bring attribute files of their own (upstream's, in a rebase). */
const CHANGES_WORK_TREE = new Set([
  'checkout',
  'switch',
  'rebase',
  'merge',
  'stash',
  'am',
  'cherry-pick',
  'reset',
]);

/** The action's commands that write `.git` at most, never a file of the work tree. */
const LEAVES_WORK_TREE = new Set([
  ...ATTRIBUTE_FREE,
  'add',
  'commit',
  'commit-tree',
  'write-tree',
  'update-index',
  'diff',
  'log',
  'show',
  'status',
  'cat-file',
  'ls-files',
  'ls-tree',
  'rev-list',
  'format-patch',
  'branch',
]);

/** Whether `args` may write the work tree; `reset` writes it with `--hard`, `--merge` or `--keep` only. */
function writesWorkTree(subcommand: string, args: readonly string[]): boolean {
  if (subcommand === 'reset') return !args.some((a) => a === '--soft' || a === '--mixed');
  return !LEAVES_WORK_TREE.has(subcommand);
}

/** Files git rewrites as it works (`git status` refreshes the index): put back without a warning. */
function isBookkeeping(name: string): boolean {
  const base = path.posix.basename(name);
  return (
    ['index', 'FETCH_HEAD', 'ORIG_HEAD', 'COMMIT_EDITMSG'].includes(base) ||
    base.endsWith('.lock') ||
    /(^|\/)logs(\/|$)/.test(name)
  );
}

/**
 * Wraps `inner`; `warn` is called once per restore with a line for the log; `writers` must hear of
 * everything else that writes the work tree.
 */
export function guardRepositoryConfig(
  inner: GitCommandManager,
  warn: (message: string) => void,
  writers: WorkTreeWriters,
): ConfigGuard {
  let pin: { env: Record<string, string>; commonDir: string } | undefined;
  let baseline: GitDirState[] = [];
  /** The writers' generation when `baseline` was read: while it holds, `.git` is as read. */
  let baselineGeneration: number | undefined;
  let drivers = new Set<string>();
  /** The last attribute listing, and the writers' generation it was taken at. */
  let listed: { generation: number; lines: Set<string> } | undefined;
  const warnings: string[] = [];
  const pinned: GitCommandManager = {
    cwd: inner.cwd,
    exec: (args, options = {}) => inner.exec(args, { ...options, env: { ...options.env, ...pin?.env } }),
  };
  const shownName = (root: string, name: string) =>
    root === path.join(inner.cwd, '.git') ? `.git/${name}` : path.join(root, name);

  const putBack = () => {
    for (const before of baseline) {
      const after = readGitDir(before.root);
      const changed = changedEntries(before, after);
      if (changed.length === 0) continue;
      restoreGitDir(before, after, changed);
      const named = changed
        .filter((name) => !isBookkeeping(name))
        .map((name) => shownName(before.root, name));
      if (named.length === 0) continue;
      const more = named.length > GIT_GUARD_SHOWN ? ` and ${named.length - GIT_GUARD_SHOWN} more` : '';
      const line = `The agent's commands changed the repository's git files (${named.slice(0, GIT_GUARD_SHOWN).join(', ')}${more}); they were put back before the action's own git commands ran.`;
      warnings.push(line);
      warn(line);
    }
  };

  /** The driver lines on disk now; the generation is read first, so a writer during the walk counts. */
  const driversNow = async (commonDir: string): Promise<Set<string>> => {
    const generation = writers.generation();
    if (generation !== undefined && listed?.generation === generation) return listed.lines;
    const lines = await attributeDrivers(pinned, commonDir);
    listed = generation === undefined ? undefined : { generation, lines };
    return lines;
  };

  const git: GitCommandManager = {
    cwd: inner.cwd,
    async exec(args, options) {
      if (!pin) return inner.exec(args, options);
      // Reading `.git` means its index too (10 MB at 100k files), twice a command: skipped while
      // nothing but the action's own git can have written since the last read.
      const quiet = writers.generation();
      if (quiet === undefined || quiet !== baselineGeneration) putBack();
      const subcommand = subcommandOf(args) ?? '';
      if (!ATTRIBUTE_FREE.has(subcommand)) {
        const now = await driversNow(pin.commonDir);
        const added = [...now].filter((line) => !drivers.has(line));
        if (added.length > 0) throw new NewAttributeDriverError(added);
      }
      const writes = writesWorkTree(subcommand, args);
      try {
        return await pinned.exec(args, options);
      } finally {
        baselineGeneration = writers.generation();
        baseline = baseline.map((state) => readGitDir(state.root, state));
        if (writes) listed = undefined;
        if (writes && CHANGES_WORK_TREE.has(subcommand)) drivers = await driversNow(pin.commonDir);
      }
    },
  };
  return {
    git,
    warnings,
    async snapshot() {
      const { stdout } = await inner.exec(['rev-parse', '--absolute-git-dir', '--git-common-dir']);
      const [gitDirLine = '', commonDirLine = ''] = stdout.trim().split('\n');
      const gitDir = path.resolve(inner.cwd, gitDirLine);
      const commonDir = path.resolve(inner.cwd, commonDirLine);
      pin = { env: { GIT_DIR: gitDir, GIT_COMMON_DIR: commonDir }, commonDir };
      // A linked worktree's own folder lives in the common one; anything else is read on its own.
      const inside = !path.relative(commonDir, gitDir).startsWith('..');
      baselineGeneration = writers.generation();
      baseline = [commonDir, ...(inside ? [] : [gitDir])].map((root) => readGitDir(root));
      drivers = await driversNow(commonDir);
    },
  };
}
