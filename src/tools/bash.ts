/**
 * The bash tool: one command line, checked by the bash policy, run by `runCommand` in the
 * workspace with a scrubbed environment and a timeout; the model gets the exit code and the
 * head and tail of the output, and a denial names the rule that refused the command.
 */
import { z } from 'zod';
import type { BashPolicy } from '../bash-policy/index.js';
import { runCommand } from '../exec/run-command.js';
import { BASH_DEFAULT_TIMEOUT_MS, BASH_MAX_TIMEOUT_SECONDS, COMMAND_OUTPUT_LIMITS } from '../limits.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { defineTool, type Tool } from './tool.js';

export interface BashToolDeps {
  workspace: string;
  policy: BashPolicy;
  sandbox: Sandbox;
  /** The child's whole environment (already scrubbed). */
  env: Record<string, string>;
  /** Where full logs go (under RUNNER_TEMP). */
  logDir: string;
  defaultTimeoutMs?: number;
}

const parameters = z.object({
  command: z.string().min(1).describe('One bash command line, e.g. `npm test 2>&1 | tail -n 50`.'),
  timeout: z
    .number()
    .int()
    .min(1)
    .max(BASH_MAX_TIMEOUT_SECONDS)
    .optional()
    .describe(
      `Seconds before the command is killed (default ${BASH_DEFAULT_TIMEOUT_MS / 1000}, at most ${BASH_MAX_TIMEOUT_SECONDS}).`,
    ),
});

const description = `Run a shell command in the repository root (bash, no stdin, no network, no secrets in the environment).
Use it to run the project's tests, builds, linters and read-only git commands (status, diff, log, show, grep …).
Every command is checked by a policy before it runs: literal words only (no $VAR, $(…), backticks, globs are fine), && || ; | chains, 2>&1, and redirects into workspace files.
Use read_file/glob/grep to read and search, and write_file/edit_file to change files: sed -i, editors and installs are refused. The action commits and pushes for you.
Output shows the first ${COMMAND_OUTPUT_LIMITS.headLines} and last ${COMMAND_OUTPUT_LIMITS.tailLines} lines; the full log path is given when lines were dropped.`;

/** Builds the bash tool around a policy, a sandbox and an environment. */
export function createBashTool(deps: BashToolDeps): Tool<z.infer<typeof parameters>> {
  return defineTool({
    name: 'bash',
    description,
    parameters,
    readOnly: false,
    async execute({ command, timeout }, { signal }) {
      const verdict = deps.policy.check(command);
      if (!verdict.allowed) {
        return { output: verdict.message, isError: true, status: 'denied', meta: { rule: verdict.rule } };
      }
      const timeoutMs =
        timeout !== undefined ? timeout * 1000 : (deps.defaultTimeoutMs ?? BASH_DEFAULT_TIMEOUT_MS);
      const result = await runCommand({
        argv: ['bash', '--noprofile', '--norc', '-c', command],
        cwd: deps.workspace,
        env: deps.env,
        timeoutMs,
        signal,
        sandbox: deps.sandbox,
        logDir: deps.logDir,
      });
      const status = result.timedOut
        ? `Timed out after ${timeoutMs / 1000} s; the command and its children were killed.`
        : result.cancelled
          ? 'Cancelled; the command and its children were killed.'
          : result.exitCode === null
            ? `Killed by ${result.signal ?? 'a signal'}.`
            : `Exit code ${result.exitCode}.`;
      const log =
        result.droppedLines > 0
          ? ` ${result.droppedLines} lines dropped; full log: ${result.fullLogPath}`
          : '';
      const body = result.output === '' ? '(no output)' : result.output;
      return {
        output: `${body}\n\n[${status} ${(result.durationMs / 1000).toFixed(1)} s.${log}]`,
        isError: result.exitCode !== 0,
        status: result.exitCode === 0 ? 'ok' : 'error',
        meta: {
          exitCode: result.exitCode,
          signal: result.signal,
          timedOut: result.timedOut,
          cancelled: result.cancelled,
          durationMs: result.durationMs,
          droppedLines: result.droppedLines,
          fullLogPath: result.fullLogPath,
        },
      };
    },
  });
}
