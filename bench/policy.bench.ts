/**
 * `policy.check_p50_ms` / `policy.check_p99_ms`: one `check` over the hostile and benign
 * corpora (after warm-up), and `policy.init_ms`: loading the parser and building a policy, in
 * a fresh process so the grammar is really loaded. `policy.dist_check_p99_ms`: the same samples
 * through the built `dist/policy-check/index.js` (run `npm run build` first), at level `none`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createBashPolicy } from '../src/bash-policy/index.js';
import type { BenchFigure } from './run.js';

const ROUNDS = 20;
const corpus = new URL('../test/fixtures/bash-corpus/', import.meta.url);
const policyModule = pathToFileURL(path.resolve(import.meta.dirname, '../src/bash-policy/index.ts')).href;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

function coldInitMs(workspace: string): number {
  const code = `const { createBashPolicy } = await import(${JSON.stringify(policyModule)});
const t = performance.now(); await createBashPolicy({ workspace: ${JSON.stringify(workspace)}, sandbox: { level: 'userns', deliberate: false } });
console.log(performance.now() - t);`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    encoding: 'utf8',
  });
  return Number(out.trim());
}

const distPolicy = path.resolve(import.meta.dirname, '../dist/policy-check/index.js');

/** Every check's time through the built bundle (empty when it is not built). */
function distTimes(workspace: string, commands: string[]): number[] {
  if (!existsSync(distPolicy)) return [];
  const out = execFileSync(process.execPath, [distPolicy], {
    input: JSON.stringify({
      workspace,
      sandbox: { level: 'none', deliberate: false },
      commands,
      rounds: ROUNDS,
    }),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const { verdicts } = JSON.parse(out) as { verdicts: { ms: number[] }[] };
  return verdicts.flatMap((v) => v.ms).sort((a, b) => a - b);
}

export default async function bench(): Promise<BenchFigure[]> {
  const workspace = mkdtempSync(path.join(os.tmpdir(), 'policy-bench-'));
  mkdirSync(path.join(workspace, 'src'));
  try {
    const commands = ['hostile.json', 'benign.json'].flatMap((f) =>
      (JSON.parse(readFileSync(new URL(f, corpus), 'utf8')) as { command: string }[]).map((e) => e.command),
    );
    const inits = [coldInitMs(workspace), coldInitMs(workspace), coldInitMs(workspace)].sort((a, b) => a - b);
    const policy = await createBashPolicy({ workspace, sandbox: { level: 'userns', deliberate: false } });
    for (let i = 0; i < 3; i++) for (const c of commands) policy.check(c);
    const times: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (const c of commands) {
        const start = performance.now();
        policy.check(c);
        times.push(performance.now() - start);
      }
    }
    times.sort((a, b) => a - b);
    console.error(`policy: ${commands.length} commands × ${ROUNDS} rounds`);
    const dist = distTimes(workspace, commands);
    return [
      ...(dist.length > 0
        ? [
            { name: 'policy.dist_check_p50_ms', value: percentile(dist, 0.5), unit: 'ms', target: '< 0.3' },
            { name: 'policy.dist_check_p99_ms', value: percentile(dist, 0.99), unit: 'ms', target: '< 2' },
          ]
        : []),
      { name: 'policy.check_p50_ms', value: percentile(times, 0.5), unit: 'ms', target: '< 0.3' },
      { name: 'policy.check_p99_ms', value: percentile(times, 0.99), unit: 'ms', target: '< 2' },
      { name: 'policy.init_ms', value: inits[1]!, unit: 'ms', target: '< 100' },
    ];
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}
