/**
 * The local runner's top level: parse the flags, run, map the outcome to an exit code. A
 * {@link CliError} is one line on stderr and exit code 2; anything else is a bug and keeps its stack.
 */
import type { CliConfig, HelpRequest } from './cli-config.js';
import { CliError } from './cli-error.js';
import { HELP } from './help.js';
import { runLocal } from './local-run.js';

export interface CliIO {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  signal: AbortSignal;
  platform: NodeJS.Platform;
}

/**
 * Exit code: 0 committed (and verified) — or, with `--output-schema`, a matching answer; 1 nothing
 * committed, verification failed or the answer does not match; 2 setup problem. A `--mode review`
 * run: 0 when the reviewers finished and found nothing blocking, else 1.
 */
export async function runCli(loadConfig: () => CliConfig | HelpRequest, io: CliIO): Promise<number> {
  try {
    const config = loadConfig();
    if ('help' in config) {
      io.stdout(HELP.trimEnd());
      return 0;
    }
    const result = await runLocal(config, { write: io.stdout, signal: io.signal, platform: io.platform });
    if (result.review) {
      // A review is like a linter: it succeeds when the reviewers finished and nothing blocks.
      const answered = !config.outputSchema || result.answer?.kind === 'valid';
      return result.stopReason === 'done' && result.review.blocking === 0 && answered ? 0 : 1;
    }
    const verified = result.verification?.passed ?? true;
    // With --output-schema the answer is the result: a valid one is success, committed or not.
    if (config.outputSchema) return result.answer?.kind === 'valid' && verified ? 0 : 1;
    return result.commit !== null && verified ? 0 : 1;
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(`agent-action-local: ${error.message}`);
      return error.exitCode;
    }
    io.stderr(`agent-action-local: ${(error as Error).stack ?? String(error)}`);
    return 1;
  }
}
