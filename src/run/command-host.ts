/**
 * Where the run's own commands run (the agent's tools, `verify-command`) and what they report
 * through, as plain values: the action fills them from its context, the local runner from its
 * flags, so neither needs the other's config.
 */
import type { RunContext, RunLog } from './context.js';

export interface CommandHost {
  /** Top of the checkout: the tools' root and the commands' working folder. */
  workspace: string;
  /** RUNNER_TEMP, or a local run's output folder: sandbox state and full command logs go here. */
  tempDir: string;
  /** The process environment; commands get a scrubbed copy, and its HOME is hidden from them. */
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  /** Redacted and defused lines: which sandbox was found, how verification went. */
  log: RunLog;
  /** Removes secrets from the output that is kept (the verification tail). */
  redact: (text: string) => string;
  /** Aborted when the run is cancelled. */
  signal: AbortSignal;
}

/** The action's host: the runner's folders and environment with the run's log, redaction and signal. */
export function commandHost(ctx: RunContext): CommandHost {
  const { workspace, tempDir, env, platform } = ctx.config.runner;
  return { workspace, tempDir, env, platform, log: ctx.log, redact: ctx.redact, signal: ctx.signal };
}
