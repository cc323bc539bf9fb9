/**
 * Tools for agent tests: a probe that counts its executions (optionally slow or failing) and a
 * stand-in `bash` that runs the command with `sh -c` (the real tool is another module's).
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { z } from 'zod';
import { defineTool, type Tool } from '../../src/tools/tool.js';

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
