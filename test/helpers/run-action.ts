/**
 * Runs the built `dist/index.js` the way the runner does: inputs as `INPUT_*` variables, the
 * event in a file, and real `GITHUB_OUTPUT` / `GITHUB_STEP_SUMMARY` files that are parsed back.
 */
import { spawn } from 'node:child_process';
import { chown, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ChildOutput, childOutput } from './child-output.js';
import { inputVariables } from './runner-env.js';

export const DIST_INDEX = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

export interface ActionRun extends ChildOutput {
  outputs: Record<string, string>;
  summary: string;
  runnerTemp: string;
}

export interface ActionRunOptions {
  eventName: string;
  payload: unknown;
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  /** Defaults to a fresh temp folder. */
  workspace?: string;
  signalAfterMs?: { signal: NodeJS.Signals; ms: number };
  /** Sends `signal` to the action once `when` resolves (e.g. when the model got its first request). */
  signalWhen?: { signal: NodeJS.Signals; when: Promise<unknown> };
  /**
   * Runs the action as this (unprivileged) user, like a self-hosted runner without sudo; the
   * workspace and the job's files are handed to it and HOME defaults to a folder of its own.
   * Needs the test to run as root.
   */
  user?: { uid: number; gid: number };
  /**
   * Starts `node dist/index.js` through this argv, e.g. `unshare --mount …` so the action sees a
   * test-made /etc/hosts while the action itself stays unchanged.
   */
  launcher?: readonly string[];
}

/** Parses the `name<<delimiter … delimiter` blocks that `@actions/core` writes. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[i] ?? '');
    if (!match) continue;
    const [, name, delimiter] = match;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] ?? '');
    outputs[name!] = value.join('\n');
  }
  return outputs;
}

export async function runAction(options: ActionRunOptions): Promise<ActionRun> {
  const runnerTemp = await mkdtemp(path.join(tmpdir(), 'runner-temp-'));
  const workspace = options.workspace ?? (await mkdtemp(path.join(tmpdir(), 'workspace-')));
  const eventPath = path.join(runnerTemp, 'event.json');
  const outputPath = path.join(runnerTemp, 'output');
  const summaryPath = path.join(runnerTemp, 'summary.md');
  await writeFile(eventPath, JSON.stringify(options.payload));
  await writeFile(outputPath, '');
  await writeFile(summaryPath, '');
  const user = options.user;
  const userHome = path.join(runnerTemp, 'home');
  if (user) {
    await mkdir(userHome);
    for (const p of [runnerTemp, userHome, eventPath, outputPath, summaryPath, workspace])
      await chown(p, user.uid, user.gid);
  }
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: user ? userHome : (process.env['HOME'] ?? runnerTemp),
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: options.eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: 'Codertocat/Hello-World',
    GITHUB_SERVER_URL: 'http://127.0.0.1:9',
    GITHUB_API_URL: 'http://127.0.0.1:9/api/v3',
    GITHUB_WORKSPACE: workspace,
    GITHUB_RUN_ID: '4242',
    GITHUB_ACTOR: 'Codertocat',
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    RUNNER_TEMP: runnerTemp,
    RUNNER_OS: 'Linux',
    'INPUT_GITHUB-TOKEN': 'ghs_testtoken0000000000000000000000000000',
    ...options.env,
  };
  Object.assign(env, inputVariables(options.inputs ?? {}));
  const argv = [...(options.launcher ?? []), process.execPath, DIST_INDEX];
  const child = spawn(argv[0]!, argv.slice(1), {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  const output = childOutput(child);
  if (options.signalAfterMs) {
    const { signal, ms } = options.signalAfterMs;
    setTimeout(() => child.kill(signal), ms).unref();
  }
  if (options.signalWhen) {
    const { signal, when } = options.signalWhen;
    void when.then(() => child.kill(signal));
  }
  return {
    ...(await output),
    outputs: parseOutputFile(await readFile(outputPath, 'utf8')),
    summary: await readFile(summaryPath, 'utf8'),
    runnerTemp,
  };
}
