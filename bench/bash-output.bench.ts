/**
 * `bash.rss_growth_mb_1gb_output`: how much the resident set of a process grows while
 * `runCommand` runs a command printing 1 GB (100-character lines). Measured in a child process
 * so nothing else in the bench run shares its heap; RSS is sampled every 20 ms.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchFigure } from './run.js';

const src = (file: string) => pathToFileURL(path.resolve(import.meta.dirname, '../src', file)).href;

export default async function bench(): Promise<BenchFigure[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bash-output-bench-'));
  try {
    const code = `const { runCommand } = await import(${JSON.stringify(src('exec/run-command.ts'))});
const { unsandboxed } = await import(${JSON.stringify(src('sandbox/sandbox.ts'))});
globalThis.gc?.();
const before = process.memoryUsage().rss;
let peak = before;
const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
const start = performance.now();
const result = await runCommand({
  argv: ['bash', '-c', 'yes ${'a'.repeat(99)} | head -c 1073741824'],
  cwd: ${JSON.stringify(dir)}, env: { PATH: process.env.PATH }, timeoutMs: 300000,
  sandbox: unsandboxed, logDir: ${JSON.stringify(dir)},
});
clearInterval(timer);
peak = Math.max(peak, process.memoryUsage().rss);
console.log(JSON.stringify({ growth: (peak - before) / 1048576, ms: performance.now() - start, dropped: result.droppedLines, chars: result.output.length }));`;
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', code],
      {
        encoding: 'utf8',
        maxBuffer: 1024 * 1024,
      },
    );
    const { growth, ms, dropped, chars } = JSON.parse(out.trim().split('\n').at(-1)!) as Record<
      string,
      number
    >;
    console.error(
      `bash-output: 1 GB in ${(ms! / 1000).toFixed(1)} s, ${dropped} lines dropped, ${chars} characters kept`,
    );
    return [{ name: 'bash.rss_growth_mb_1gb_output', value: growth!, unit: 'MB', target: '< 64' }];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
