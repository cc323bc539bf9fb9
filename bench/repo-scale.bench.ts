/**
 * How the file tools' cost grows with the repository: a tiny repository, 10k files in 1.6k
 * folders and 100k files in 15k folders, each built here with `git fast-import` and checked out,
 * with an ignored `build/` folder of untracked files and an ignored `node_modules`. Side by side
 * in one run: the `glob` tool (`**\/*.ts`, which matches most files) and what the same listing
 * costs git directly (`git ls-files -co --exclude-standard`), the `grep` tool and `git grep`, and
 * the previous glob (`fast-glob`, then every match through `git check-ignore`) where it finishes
 * in reasonable time. Medians of 3 rounds; ratios are to the same figure on the tiny repository,
 * and of each tool to its git command on the same repository (flat means the tool adds nothing
 * that grows with the tree). Then the whole action through `dist/index.js` on tiny, 10k, 100k,
 * 100k with 20k commits and tiny plus a 30k-file `node_modules` (see `repo-scale-action.ts`).
 * `BENCH_REPO_SCALE=quick` stops at 10k files (tools and action alike).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import fg from 'fast-glob';
import { createDefaultRegistry } from '../src/tools/default-registry.js';
import { gitIgnored } from '../src/tools/glob.js';
import { invokeTool } from '../src/tools/invoke.js';
import { ACTION_CASES, actionFigures, importStream } from './repo-scale-action.js';
import type { BenchFigure } from './run.js';

interface Size {
  label: string;
  files: number;
  perFolder: number;
  /** The previous glob is quadratic in the matches: measured only up to this size. */
  legacy: boolean;
}

const SIZES: Size[] = [
  { label: 'tiny', files: 40, perFolder: 8, legacy: true },
  { label: '10k', files: 10_000, perFolder: 6, legacy: true },
  { label: '100k', files: 100_000, perFolder: 6, legacy: false },
];
const ROUNDS = 3;
const QUICK = process.env['BENCH_REPO_SCALE'] === 'quick';

async function buildRepository(size: Size): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), `repo-scale-${size.label}-`));
  const git = (args: string[], input?: string) =>
    execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', ...args], {
      cwd: root,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'ignore', 'ignore'],
      ...(input === undefined ? {} : { input }),
      maxBuffer: 1 << 30,
    });
  git(['init', '-q', '-b', 'main']);
  git(['config', 'gc.auto', '0']);
  git(['fast-import', '--quiet'], importStream(size));
  git(['reset', '-q', '--hard', 'main']);
  // Untracked and ignored: build output and an installed node_modules (2% of the tree each).
  const extra = Math.max(4, Math.floor(size.files / 50));
  for (const top of ['build', 'node_modules/pkg']) {
    for (let i = 0; i < extra; i += 50) {
      const dir = path.join(root, top, `d${i}`);
      await mkdir(dir, { recursive: true });
      await Promise.all(
        Array.from({ length: Math.min(50, extra - i) }, (_, j) =>
          writeFile(path.join(dir, `gen${j}.ts`), ''),
        ),
      );
    }
  }
  await writeFile(path.join(root, 'untracked.ts'), '');
  return root;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** The glob before this change: fast-glob walks the tree, then every match goes through check-ignore. */
async function legacyGlob(root: string): Promise<number> {
  const found = await fg('**/*.ts', {
    cwd: root,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    suppressErrors: true,
    ignore: ['**/.git/**', '**/node_modules/**'],
  });
  const ignored = await gitIgnored(root, found, {});
  return found.length - ignored.size;
}

export default async function bench(): Promise<BenchFigure[]> {
  const rows: Record<string, Record<string, number>> = {};
  const signal = new AbortController().signal;
  for (const size of QUICK ? SIZES.filter((s) => s.files <= 10_000) : SIZES) {
    let started = performance.now();
    const root = await buildRepository(size);
    console.error(
      `  ${size.label}: built ${size.files} files in ${Math.round(performance.now() - started)} ms`,
    );
    try {
      const registry = createDefaultRegistry({ workspace: root });
      const tool = async (name: string, args: Record<string, unknown>) => {
        const result = await invokeTool(registry, { id: 't', name, arguments: JSON.stringify(args) }, signal);
        if (result.isError) throw new Error(result.output);
        return result;
      };
      const measures: Record<string, () => Promise<unknown>> = {
        glob: () => tool('glob', { pattern: '**/*.ts' }),
        ls_files: () => execa('git', ['ls-files', '-z', '-co', '--exclude-standard'], { cwd: root }),
        grep: () => tool('grep', { pattern: 'needleNowhere42' }),
        git_grep: () => execa('git', ['grep', '-n', '-e', 'needleNowhere42'], { cwd: root, reject: false }),
        ...(size.legacy ? { legacy_glob: () => legacyGlob(root) } : {}),
      };
      const row: Record<string, number> = {};
      for (const [name, run] of Object.entries(measures)) {
        await run();
        const samples: number[] = [];
        for (let round = 0; round < ROUNDS; round++) samples.push(await timed(run));
        row[name] = median(samples);
      }
      started = performance.now();
      const check = await tool('glob', { pattern: '**/*.ts' });
      if (/build\/|node_modules/.test(check.output)) throw new Error('glob listed an ignored file');
      rows[size.label] = row;
      console.error(
        `  ${size.label}: ${Object.entries(row)
          .map(([k, v]) => `${k} ${v.toFixed(1)} ms`)
          .join(', ')}`,
      );
    } finally {
      await rm(root, { recursive: true, force: true, maxRetries: 5 });
    }
  }
  const tiny = rows['tiny'] as Record<string, number>;
  const figures: BenchFigure[] = [];
  for (const label of QUICK ? ['10k'] : ['10k', '100k']) {
    const row = rows[label] as Record<string, number>;
    figures.push(
      { name: `repo_scale.${label}.glob_ms`, value: row['glob'] as number, unit: 'ms' },
      {
        name: `repo_scale.${label}.glob_vs_tiny`,
        value: (row['glob'] as number) / (tiny['glob'] as number),
        unit: 'x',
      },
      {
        name: `repo_scale.${label}.glob_vs_ls_files`,
        value: (row['glob'] as number) / (row['ls_files'] as number),
        unit: 'x',
        target: '<= 1.5',
      },
      {
        name: `repo_scale.${label}.grep_vs_git_grep`,
        value: (row['grep'] as number) / (row['git_grep'] as number),
        unit: 'x',
        target: '<= 1.5',
      },
    );
    if (row['legacy_glob'] !== undefined)
      figures.push({
        name: `repo_scale.${label}.legacy_glob_vs_glob`,
        value: (row['legacy_glob'] as number) / (row['glob'] as number),
        unit: 'x',
      });
  }
  figures.push({
    name: 'repo_scale.tiny.glob_vs_ls_files',
    value: (tiny['glob'] as number) / (tiny['ls_files'] as number),
    unit: 'x',
  });
  const cases = QUICK ? ACTION_CASES.filter((c) => c.files <= 10_000 && !c.history) : ACTION_CASES;
  figures.push(...(await actionFigures(cases)));
  return figures;
}
