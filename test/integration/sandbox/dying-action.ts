/**
 * Stands in for the action in `command-lifetime.test.ts`: detects the sandbox with the options
 * given as JSON in `argv[2]`, prints `user <name>`, starts the command in `argv[3]` through
 * `runCommand`, and then waits to be killed (it never disposes of the sandbox, as an action that
 * dies does not).
 */
import path from 'node:path';
import { runCommand } from '../../../src/exec/run-command.js';
import { detectSandbox } from '../../../src/sandbox/detect-sandbox.js';

const options = JSON.parse(process.argv[2]!);
const sandbox = await detectSandbox(options);
process.stdout.write(`level ${sandbox.level}\nuser ${sandbox.userName ?? '-'}\n`);
void runCommand({
  argv: ['/bin/sh', '-c', process.argv[3]!],
  cwd: options.workspace,
  env: { PATH: '/usr/bin:/bin' },
  timeoutMs: 10 * 60_000,
  sandbox,
  logDir: path.join(options.tempDir, 'logs'),
});
setInterval(() => {}, 60_000);
