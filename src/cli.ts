#!/usr/bin/env node
/**
 * Entry of `dist/cli/index.js`, the local runner (`npm run local`, `agent-action-local`): the
 * action's pipeline on a local checkout with a dry-run publisher. See `agent-action-local --help`.
 */
import { loadCliConfigFromProcess } from './cli/cli-config.js';
import { runCli } from './cli/run-cli.js';

const controller = new AbortController();
// First Ctrl-C stops the agent and still writes what it did; a second one exits at once.
process.once('SIGINT', () => {
  process.stderr.write('\nagent-action-local: stopping (Ctrl-C again to quit now)\n');
  controller.abort();
  process.once('SIGINT', () => process.exit(130));
});

process.exitCode = await runCli(() => loadCliConfigFromProcess(process.argv.slice(2)), {
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
  signal: controller.signal,
  platform: process.platform,
});
