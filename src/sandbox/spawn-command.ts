/**
 * Starts a command the action spawns itself (levels `none`, `root+unshare`, `userns`): in its
 * own process group, so a kill reaches grandchildren too, with stdout and stderr on the log.
 */
import { spawn } from 'node:child_process';
import type { CommandExit, CommandOutput, SandboxedCommand, SandboxLaunch } from './sandbox.js';

/** Spawns `launch` detached in `cwd`; throws only when Node refuses the arguments. */
export function spawnCommand(
  launch: SandboxLaunch,
  options: { cwd: string; output: CommandOutput },
): SandboxedCommand {
  const child = spawn(launch.file, launch.args, {
    cwd: options.cwd,
    env: launch.env,
    stdio: ['ignore', options.output.fd, options.output.fd],
    detached: true,
  });
  const exited = new Promise<CommandExit>((resolve) => {
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return {
    exited,
    kill(signal) {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // the group is already gone
      }
    },
  };
}
