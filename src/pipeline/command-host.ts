/**
 * Where the agent's commands run (its tools, `verify-command`) and what they report through, as
 * plain values: the action fills them from its run context, the local runner from its flags, so
 * the shared pipeline needs neither's config.
 */
import type { GitCommandManager } from '../git/git-command-manager.js';
import type { WriterLedger } from '../git/work-tree-writers.js';

/** Log lines the pipeline writes; each host redacts and defuses them its own way. */
export interface RunLog {
  /** One log line; redacted and defused, so untrusted text in it cannot become a runner command. */
  info(message: string): void;
  warning(message: string): void;
}

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
  /** The action's own (guarded) git, for the index refresh after the sandbox set-up. */
  git?: GitCommandManager;
  /** Hears of every command and tool call the agent starts, for the guard of the action's git. */
  writers: WriterLedger;
}
