/**
 * `sandbox.overhead_ms`: what the strongest sandbox this machine allows adds to one command, as
 * the p50 of `/bin/true` sandboxed minus the p50 of `/bin/true` unsandboxed, interleaved in one run.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { detectSandbox } from '../src/sandbox/detect-sandbox.js';
import type { Sandbox } from '../src/sandbox/sandbox.js';
import { unsandboxed } from '../src/sandbox/sandbox.js';
import type { BenchFigure } from './run.js';

const ROUNDS = 60;

function runOnce(sandbox: Sandbox, cwd: string): Promise<number> {
  const { file, args } = sandbox.launch(['/bin/true'], { cwd });
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: '/usr/bin:/bin' },
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - start) : reject(new Error(`exit ${code}`)),
    );
  });
}

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export default async function bench(): Promise<BenchFigure[]> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'sandbox-bench-'));
  const workspace = path.join(root, 'ws');
  await mkdir(path.join(workspace, '.git'), { recursive: true });
  await mkdir(path.join(root, 'temp'));
  const detectStart = performance.now();
  const sandbox = await detectSandbox({
    setting: 'auto',
    network: 'off',
    workspace,
    tempDir: path.join(root, 'temp'),
    platform: process.platform,
    uid: process.getuid?.(),
  });
  const detectMs = performance.now() - detectStart;
  try {
    const inside: number[] = [];
    const outside: number[] = [];
    for (let i = 0; i < 5; i++) await runOnce(sandbox, workspace);
    for (let i = 0; i < ROUNDS; i++) {
      inside.push(await runOnce(sandbox, workspace));
      outside.push(await runOnce(unsandboxed, workspace));
    }
    console.error(
      `sandbox level ${sandbox.level}: /bin/true p50 ${p50(inside).toFixed(1)} ms vs ${p50(outside).toFixed(1)} ms`,
    );
    return [
      {
        name: 'sandbox.overhead_ms',
        value: Number((p50(inside) - p50(outside)).toFixed(2)),
        unit: 'ms',
        target: '<= 30',
      },
      { name: 'sandbox.true_p50_ms', value: Number(p50(inside).toFixed(2)), unit: 'ms' },
      { name: 'sandbox.unsandboxed_true_p50_ms', value: Number(p50(outside).toFixed(2)), unit: 'ms' },
      { name: 'sandbox.detect_ms', value: Math.round(detectMs), unit: 'ms' },
    ];
  } finally {
    await sandbox.dispose();
    await rm(root, { recursive: true, force: true });
  }
}
