/**
 * `verify-command`: the maintainer's own check, run by the action after the agent stops, in the
 * workspace, through the same sandbox and scrubbed environment as the bash tool, with a timeout.
 * It is not subject to the model's allowlist: the workflow author wrote it.
 */
import path from 'node:path';
import { runCommand } from '../exec/run-command.js';
import { agentCommandEnv } from '../exec/scrubbed-env.js';
import { VERIFY_MAX_TIMEOUT_MS, VERIFY_TAIL_LINES } from '../limits.js';
import type { VerificationReport } from '../outputs/pull-request-body.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import type { CommandHost } from './command-host.js';

export interface VerificationSettings {
  /** The same sandbox the agent's bash tool used. */
  sandbox: Sandbox;
  /** The run's budget (`timeout-minutes`); verification gets half of it, ten minutes at most. */
  timeoutMinutes: number;
  /** Added to the scrubbed environment: the egress proxy's variables, as for the bash tool. */
  env?: Readonly<Record<string, string>>;
}

/** Runs `command` with bash and reports exit code, duration and the tail of its output. */
export async function runVerification(
  host: CommandHost,
  command: string,
  settings: VerificationSettings,
): Promise<VerificationReport> {
  const timeoutMs = Math.min(VERIFY_MAX_TIMEOUT_MS, (settings.timeoutMinutes * 60_000) / 2);
  const result = await runCommand({
    argv: ['bash', '-c', command],
    cwd: host.workspace,
    env: { ...agentCommandEnv(host.env, host.workspace), ...settings.env },
    timeoutMs,
    signal: host.signal,
    sandbox: settings.sandbox,
    logDir: path.join(host.tempDir, 'agent-action', 'verify'),
  });
  const tail = result.output.split('\n').slice(-VERIFY_TAIL_LINES).join('\n');
  const passed = result.exitCode === 0 && !result.timedOut && !result.cancelled;
  host.log.info(
    `Verification ${passed ? 'passed' : 'failed'}: exit ${result.exitCode ?? 'none'} in ${result.durationMs} ms`,
  );
  return {
    command,
    passed,
    exitCode: result.exitCode,
    timedOut: result.timedOut,
    durationMs: result.durationMs,
    outputTail: host.redact(tail),
  };
}
