/**
 * Start-up of the built action: `node dist/index.js` from spawn to exit with no inputs (it loads
 * the whole bundle, then stops at the first input it checks), side by side with the bundle of a
 * base commit extracted from git, alternated round by round. The base defaults to the commit
 * before `output-schema`, the artifact upload and OpenTelemetry were merged: those load their
 * libraries only in runs that enable them, so a run without them should start as before.
 * `BENCH_STARTUP_BASE=<ref>` compares with another commit.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchFigure } from './run.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ROUNDS = 15;

function baseRef(): string {
  const chosen = process.env['BENCH_STARTUP_BASE'];
  if (chosen) return chosen;
  const merge = execFileSync(
    'git',
    ['log', '--merges', '--format=%H', '--grep', "Merge branch 'runs'", '-1'],
    { cwd: ROOT, encoding: 'utf8' },
  ).trim();
  return merge ? `${merge}^1` : 'HEAD';
}

/** The base commit's `dist/` in a temporary folder. */
function extractDist(ref: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-startup-'));
  execFileSync('sh', ['-c', `git archive "${ref}" dist | tar -x -C "${dir}"`], { cwd: ROOT });
  return dir;
}

/** Wall milliseconds and peak RSS (MB) of one start, measured by GNU time around node. */
function startOnce(script: string): { ms: number; rssMb: number } {
  const started = process.hrtime.bigint();
  const run = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, script], {
    cwd: tmpdir(),
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' },
    encoding: 'utf8',
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const kb = Number(run.stderr.trim().split('\n').at(-1));
  return { ms, rssMb: kb / 1024 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export default async function bench(): Promise<BenchFigure[]> {
  if (!existsSync('/usr/bin/time')) {
    console.error('startup: /usr/bin/time is not installed; skipped');
    return [];
  }
  const baseDir = extractDist(baseRef());
  try {
    const now = path.join(ROOT, 'dist', 'index.js');
    const before = path.join(baseDir, 'dist', 'index.js');
    startOnce(now);
    startOnce(before);
    const current = { ms: [] as number[], rss: [] as number[] };
    const base = { ms: [] as number[], rss: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      for (const [script, into] of [
        [now, current],
        [before, base],
      ] as const) {
        const one = startOnce(script);
        into.ms.push(one.ms);
        into.rss.push(one.rssMb);
      }
    }
    return [
      { name: 'startup.ms', value: median(current.ms), unit: 'ms' },
      {
        name: 'startup.ratio_vs_base',
        value: median(current.ms) / median(base.ms),
        unit: '×',
        target: '<= 1.1',
      },
      { name: 'startup.rss_mb', value: median(current.rss), unit: 'MB' },
      {
        name: 'startup.rss_ratio_vs_base',
        value: median(current.rss) / median(base.rss),
        unit: '×',
        target: '<= 1.1',
      },
    ];
  } finally {
    rmSync(baseDir, { recursive: true, force: true });
  }
}
