/**
 * `sandbox.<level>.overhead_ms`: what each sandbox level this machine allows adds to one command,
 * as the p50 of `/bin/true` sandboxed (including the hand-back of files after it, as run-command
 * does) minus the p50 of `/bin/true` unsandboxed, interleaved in one run. The workspace holds
 * 10,000 files, because handing files back walks it. As root, the sudo level is the real
 * launcher, sudo and supervisor chain (sudo as root), and the user-namespace level is chosen by
 * refusing sudo, as on a runner without it.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type DetectSandboxOptions,
  detectSandbox,
  type ManagedSandbox,
} from '../src/sandbox/detect-sandbox.js';
import { type ProbeRunner, runProbe } from '../src/sandbox/host-probe.js';
import type { Sandbox } from '../src/sandbox/sandbox.js';
import { unsandboxed } from '../src/sandbox/sandbox.js';
import type { BenchFigure } from './run.js';

const ROUNDS = 40;
const FILES = 10_000;

/** Milliseconds for one command and, of them, for handing its files back. */
async function runOnce(sandbox: Sandbox, cwd: string): Promise<{ total: number; handBack: number }> {
  const { file, args, env } = sandbox.launch(['/bin/true'], { cwd, env: { PATH: '/usr/bin:/bin' } });
  const start = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(file, args, {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
  });
  const ended = performance.now();
  await sandbox.afterCommand?.();
  const done = performance.now();
  return { total: done - start, handBack: done - ended };
}

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const noSudo: ProbeRunner = async (argv) =>
  argv[1] === '-n' && argv[2] === 'true' ? { exitCode: 1, stdout: '', stderr: 'refused' } : runProbe(argv);

/** The levels to measure: the strongest as this user, then the weaker ones reachable from it. */
function levels(): { name: string; extra: Partial<DetectSandboxOptions>; want: string }[] {
  const uid = process.getuid?.();
  const asRunner = uid === 0 ? 1001 : uid;
  return [
    ...(uid === 0 ? [{ name: 'root', extra: {}, want: 'root+unshare' }] : []),
    { name: 'sudo', extra: { uid: asRunner }, want: 'sudo+unshare' },
    { name: 'userns', extra: { uid: asRunner, runCommandProbe: noSudo }, want: 'userns' },
  ];
}

export default async function bench(): Promise<BenchFigure[]> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'sandbox-bench-'));
  const workspace = path.join(root, 'ws');
  await mkdir(path.join(workspace, '.git'), { recursive: true });
  for (let d = 0; d < FILES / 100; d++) {
    const dir = path.join(workspace, 'src', `d${d}`);
    await mkdir(dir, { recursive: true });
    await Promise.all(Array.from({ length: 100 }, (_, f) => writeFile(path.join(dir, `f${f}.txt`), 'x\n')));
  }
  await mkdir(path.join(root, 'temp'));
  const figures: BenchFigure[] = [];
  try {
    for (const level of levels()) {
      const detectStart = performance.now();
      let sandbox: ManagedSandbox;
      try {
        sandbox = await detectSandbox({
          setting: 'auto',
          network: 'off',
          workspace,
          tempDir: path.join(root, 'temp'),
          platform: process.platform,
          uid: process.getuid?.(),
          ...level.extra,
        });
      } catch (error) {
        console.error(`sandbox ${level.name}: ${String(error)}`);
        continue;
      }
      const detectMs = performance.now() - detectStart;
      try {
        if (sandbox.level !== level.want) {
          console.error(`sandbox ${level.name}: not available here (got ${sandbox.level})`);
          continue;
        }
        const inside: number[] = [];
        const handBack: number[] = [];
        const outside: number[] = [];
        for (let i = 0; i < 5; i++) await runOnce(sandbox, workspace);
        for (let i = 0; i < ROUNDS; i++) {
          const run = await runOnce(sandbox, workspace);
          inside.push(run.total);
          handBack.push(run.handBack);
          outside.push((await runOnce(unsandboxed, workspace)).total);
        }
        console.error(
          `sandbox level ${sandbox.level}: /bin/true p50 ${p50(inside).toFixed(1)} ms vs ${p50(outside).toFixed(1)} ms`,
        );
        figures.push(
          {
            name: `sandbox.${level.name}.overhead_ms`,
            value: Number((p50(inside) - p50(outside)).toFixed(2)),
            unit: 'ms',
            target: '<= 8',
          },
          { name: `sandbox.${level.name}.true_p50_ms`, value: Number(p50(inside).toFixed(2)), unit: 'ms' },
          {
            name: `sandbox.${level.name}.hand_back_p50_ms`,
            value: Number(p50(handBack).toFixed(2)),
            unit: 'ms',
          },
          { name: `sandbox.${level.name}.detect_ms`, value: Math.round(detectMs), unit: 'ms' },
        );
        if (level.name === levels()[0]!.name)
          figures.push({
            name: 'sandbox.unsandboxed_true_p50_ms',
            value: Number(p50(outside).toFixed(2)),
            unit: 'ms',
          });
      } finally {
        await sandbox.dispose();
      }
    }
    return figures;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
