/**
 * Shared pieces of the agent tests: a real temp git repository with a failing test, a probe tool
 * that counts its executions, a stand-in `bash` tool (the real one is another module's), and a
 * client pointed at the fake server with fast retries.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { z } from 'zod';
import { createLlmClient, type LlmClient } from '../../../src/llm/client.js';
import { defineTool, type Tool } from '../../../src/tools/tool.js';

/** A repository whose `sum` subtracts; its test fails until the agent fixes it. */
export async function createTempRepo(): Promise<{
  dir: string;
  git: (...args: string[]) => Promise<string>;
  cleanup: () => Promise<void>;
}> {
  const dir = await mkdtemp(path.join(tmpdir(), 'agent-loop-'));
  const git = async (...args: string[]) => (await execa('git', args, { cwd: dir })).stdout;
  await git('init', '-q', '-b', 'main');
  await git('config', 'user.email', 'test@example.com');
  await git('config', 'user.name', 'test');
  await mkdir(path.join(dir, 'src'));
  await mkdir(path.join(dir, 'test'));
  await writeFile(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  await writeFile(path.join(dir, 'src/sum.js'), 'export function sum(a, b) {\n  return a - b;\n}\n');
  await writeFile(
    path.join(dir, 'test/sum.test.js'),
    "import assert from 'node:assert/strict';\nimport { test } from 'node:test';\nimport { sum } from '../src/sum.js';\n\ntest('sum', () => assert.equal(sum(2, 3), 5));\n",
  );
  await git('add', '.');
  await git('commit', '-q', '-m', 'initial');
  return { dir, git, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Stand-in for the bash tool: runs the command with `sh -c` in the workspace. */
export function createShellTool(cwd: string): Tool<{ command: string }> {
  return defineTool({
    name: 'bash',
    description: 'Run a shell command in the workspace.',
    parameters: z.object({ command: z.string() }),
    readOnly: false,
    async execute({ command }, { signal }) {
      // A clean environment: the test runner's own variables would turn `node --test` into a
      // no-op, and `node_modules/.bin/node` is a wrapper script, so the real binary goes first.
      const env = {
        PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
        HOME: process.env.HOME ?? '/tmp',
      };
      const result = await execa('sh', ['-c', command], {
        cwd,
        env,
        extendEnv: false,
        reject: false,
        all: true,
        cancelSignal: signal,
      });
      return {
        output: `${result.all ?? ''}\nexit code ${result.exitCode}`,
        isError: result.exitCode !== 0,
        meta: { exitCode: result.exitCode },
      };
    },
  });
}

/** A tool that records every execution; read-only unless told otherwise, optionally slow or failing. */
export function createProbeTool(
  options: { name?: string; readOnly?: boolean; delayMs?: number; fail?: boolean } = {},
) {
  const runs: string[] = [];
  const tool = defineTool({
    name: options.name ?? 'probe',
    description: 'Test probe.',
    parameters: z.object({ key: z.string() }),
    readOnly: options.readOnly ?? true,
    async execute({ key }) {
      runs.push(key);
      if (options.delayMs) await sleep(options.delayMs);
      return options.fail
        ? { output: `probe ${key} failed: no such thing`, isError: true }
        : { output: `probe ${key} ok`, isError: false };
    },
  });
  return { tool, runs };
}

/** A client for the fake server with millisecond retries and a short idle timeout. */
export function fakeClient(baseUrl: string, idleTimeoutMs = 2000): LlmClient {
  const llm = createLlmClient({ baseUrl, apiKey: 'sk-test-key-123456', model: 'fake-model', idleTimeoutMs });
  llm.retry = { ...llm.retry, baseDelayMs: 1, maxDelayMs: 5 };
  return llm;
}
