/**
 * `sandbox.<level>.overhead_ms`: what each sandbox level this machine allows adds to one command,
 * as the p50 of `/bin/true` sandboxed (from start to its end, and starting the hand-back round
 * after it, as run-command does) minus the p50 of `/bin/true` unsandboxed, interleaved in one
 * run. `sandbox.<level>.hand_back_p50_ms` is that round, settled right after the command, as the
 * runner's file tools and git wait for it (a model turn usually hides it), and
 * `sandbox.<level>.back_to_back_p50_ms` one command started right after another without a
 * settle, so it waits for the previous command's round. The workspace holds
 * 10,000 files, because handing files back walks it. As root, the sudo level is the real root
 * helper started through sudo (sudo as root), and the user-namespace level is chosen by
 * refusing sudo, as on a runner without it.
 */
import { type FileHandle, mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
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

const ROUNDS = 100;
const FILES = 10_000;

/**
 * Milliseconds for one command as run-command runs it (start, wait for the end, start the
 * hand-back round), and then, apart, for settling that round (what the runner's file tools and
 * git wait for before they touch the workspace).
 */
async function runOnce(
  sandbox: Sandbox,
  cwd: string,
  log: Log,
  settle = true,
): Promise<{ total: number; settle: number }> {
  const start = performance.now();
  const command = sandbox.start(['/bin/true'], {
    cwd,
    env: { PATH: '/usr/bin:/bin' },
    output: { fd: log.handle.fd, path: log.path },
  });
  const exit = await command.exited;
  command.kill('SIGKILL');
  sandbox.afterCommand?.();
  const ended = performance.now();
  if (exit.code !== 0) throw new Error(`exit ${exit.code ?? exit.signal}: ${exit.error?.message ?? ''}`);
  if (!settle) return { total: ended - start, settle: 0 };
  const problem = await sandbox.settle?.();
  if (problem) throw new Error(problem);
  return { total: ended - start, settle: performance.now() - ended };
}

interface Log {
  path: string;
  handle: FileHandle;
}

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const noSudo: ProbeRunner = async (argv) =>
  argv[1] === '-n' && argv[2] === 'true' ? { exitCode: 1, stdout: '', stderr: 'refused' } : runProbe(argv);

/** A job container: no sudo, no namespaces; the Landlock probe runs for real. */
const noNamespaces: ProbeRunner = async (argv) =>
  ['sudo', 'unshare'].includes(path.basename(argv[0] ?? ''))
    ? { exitCode: 1, stdout: '', stderr: 'refused' }
    : runProbe(argv);

/** The levels to measure: the strongest as this user, then the weaker ones reachable from it. */
function levels(): { name: string; extra: Partial<DetectSandboxOptions>; want: string }[] {
  const uid = process.getuid?.();
  const asRunner = uid === 0 ? 1001 : uid;
  return [
    ...(uid === 0 ? [{ name: 'root', extra: {}, want: 'root+unshare' }] : []),
    { name: 'sudo', extra: { uid: asRunner }, want: 'sudo+unshare' },
    { name: 'userns', extra: { uid: asRunner, runCommandProbe: noSudo }, want: 'userns' },
    { name: 'landlock', extra: { uid: asRunner, runCommandProbe: noNamespaces }, want: 'landlock' },
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
  const logPath = path.join(root, 'command.log');
  const log: Log = { path: logPath, handle: await open(logPath, 'a', 0o600) };
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
        for (let i = 0; i < 5; i++) await runOnce(sandbox, workspace, log);
        for (let i = 0; i < ROUNDS; i++) {
          const run = await runOnce(sandbox, workspace, log);
          inside.push(run.total);
          handBack.push(run.settle);
          outside.push((await runOnce(unsandboxed, workspace, log)).total);
        }
        // Commands back to back with no model turn between them: each waits for the round the
        // previous one started (a command never runs alongside a round).
        const backToBack: number[] = [];
        for (let i = 0; i < ROUNDS / 2; i++)
          backToBack.push((await runOnce(sandbox, workspace, log, false)).total);
        await sandbox.settle();
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
          {
            name: `sandbox.${level.name}.back_to_back_p50_ms`,
            value: Number(p50(backToBack).toFixed(2)),
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
    await log.handle.close();
    await rm(root, { recursive: true, force: true });
  }
}
