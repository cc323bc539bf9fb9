/**
 * `bash.rss_growth_mb_1gb_output`: how much the resident set of a process grows while
 * `runCommand` runs a command printing 1 GB (100-character lines), next to the same for 100 MB
 * in the same run: flat means memory does not follow output size. Each is measured in a fresh
 * child process so nothing else in the bench run shares its heap; RSS is sampled every 20 ms.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchFigure } from './run.js';

const src = (file: string) => pathToFileURL(path.resolve(import.meta.dirname, '../src', file)).href;

async function measure(dir: string, bytes: number): Promise<Record<string, number>> {
  const code = `const { runCommand } = await import(${JSON.stringify(src('exec/run-command.ts'))});
const { unsandboxed } = await import(${JSON.stringify(src('sandbox/sandbox.ts'))});
globalThis.gc?.();
const before = process.memoryUsage().rss;
let peak = before;
const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
const start = performance.now();
const result = await runCommand({
  argv: ['bash', '-c', 'yes ${'a'.repeat(99)} | head -c ${bytes}'],
  cwd: ${JSON.stringify(dir)}, env: { PATH: process.env.PATH }, timeoutMs: 300000,
  sandbox: unsandboxed, logDir: ${JSON.stringify(dir)},
});
clearInterval(timer);
peak = Math.max(peak, process.memoryUsage().rss);
console.log(JSON.stringify({ growth: (peak - before) / 1048576, ms: performance.now() - start, dropped: result.droppedLines, chars: result.output.length, capped: result.logCapped ? 1 : 0 }));`;
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', code],
    { encoding: 'utf8', maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, number>;
}

export default async function bench(): Promise<BenchFigure[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bash-output-bench-'));
  try {
    const figures: BenchFigure[] = [];
    for (const [label, bytes, name, target] of [
      ['100 MB', 100 * 1024 * 1024, 'bash.rss_growth_mb_100mb_output', undefined],
      ['1 GB', 1024 * 1024 * 1024, 'bash.rss_growth_mb_1gb_output', '< 32'],
    ] as const) {
      const { growth, ms, dropped, chars, capped } = await measure(dir, bytes);
      console.error(
        `bash-output: ${label} in ${(ms! / 1000).toFixed(1)} s, ${dropped} lines dropped, ${chars} characters kept${capped ? ', log capped' : ''}`,
      );
      figures.push({ name, value: growth!, unit: 'MB', ...(target ? { target } : {}) });
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
