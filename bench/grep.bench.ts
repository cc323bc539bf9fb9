/**
 * The grep tool against raw `git grep` on a generated 20,000-file repository, side by side in one
 * run. The tool uses whichever backend it picks here (printed); the main figure uses a rare
 * pattern, so both sides scan every file and the ratio is the tool's own overhead.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { createDefaultRegistry } from '../src/tools/default-registry.js';
import { invokeTool } from '../src/tools/invoke.js';
import type { BenchFigure } from './run.js';

const FILES = 20_000;
const PER_DIR = 100;
const RARE = 'needleUniqueMarker42';
const COMMON = 'function';

async function generateRepository(root: string): Promise<void> {
  for (let d = 0; d < FILES / PER_DIR; d++) {
    const dir = path.join(root, 'src', `module-${d % 20}`, `part-${d}`);
    await mkdir(dir, { recursive: true });
    await Promise.all(
      Array.from({ length: PER_DIR }, (_, f) => {
        const id = d * PER_DIR + f;
        const lines = Array.from(
          { length: 30 },
          (_, l) =>
            `export function handler${id}_${l}(input: number): number { return input * ${l} + ${id}; }`,
        );
        if (id % 7_000 === 3) lines.splice(12, 0, `// ${RARE}: the one line the benchmark searches for`);
        return writeFile(path.join(dir, `file-${id}.ts`), `${lines.join('\n')}\n`);
      }),
    );
  }
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', ...args], {
      cwd: root,
      stdio: 'ignore',
    });
  git('init', '-q', '-b', 'main');
  // No background `gc --auto` after committing 20,000 loose objects: it would skew the timings.
  git('config', 'gc.auto', '0');
  git('add', '-A');
  git('commit', '-q', '-m', 'generated');
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export default async function bench(): Promise<BenchFigure[]> {
  const root = await mkdtemp(path.join(tmpdir(), 'grep-bench-'));
  try {
    let started = performance.now();
    await generateRepository(root);
    console.error(`  generated ${FILES} files in ${Math.round(performance.now() - started)} ms`);
    let backend = '';
    const registry = createDefaultRegistry({
      workspace: root,
      log: (message) => {
        backend = message;
      },
    });
    const signal = new AbortController().signal;
    const ours = async (pattern: string) => {
      const result = await invokeTool(
        registry,
        { id: 'g', name: 'grep', arguments: JSON.stringify({ pattern }) },
        signal,
      );
      if (result.isError) throw new Error(result.output);
      return result;
    };
    const raw = (pattern: string) =>
      execa('git', ['grep', '-n', '-e', pattern], { cwd: root, reject: false });

    const figures: BenchFigure[] = [];
    for (const [label, pattern] of [
      ['', RARE],
      ['.common_pattern', COMMON],
    ] as const) {
      await ours(pattern);
      await raw(pattern);
      const oursMs: number[] = [];
      const rawMs: number[] = [];
      for (let round = 0; round < 7; round++) {
        started = performance.now();
        await ours(pattern);
        oursMs.push(performance.now() - started);
        started = performance.now();
        await raw(pattern);
        rawMs.push(performance.now() - started);
      }
      console.error(
        `  ${pattern}: tool ${median(oursMs).toFixed(1)} ms, git grep ${median(rawMs).toFixed(1)} ms (${backend})`,
      );
      figures.push({
        name: `grep.ratio_vs_git_grep${label}`,
        value: median(oursMs) / median(rawMs),
        unit: 'x',
        ...(label === '' ? { target: '<= 1.3' } : {}),
      });
      figures.push({ name: `grep.tool_ms${label}`, value: median(oursMs), unit: 'ms' });
    }
    return figures;
  } finally {
    await rm(root, { recursive: true, force: true, maxRetries: 5 });
  }
}
