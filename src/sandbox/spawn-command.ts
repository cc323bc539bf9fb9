/**
 * Starts a command the action spawns itself (levels `none`, `root+unshare`, `userns`): in its
 * own process group, so a kill reaches grandchildren too, with stdout and stderr on the log.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import type { CommandExit, CommandOutput, SandboxedCommand, SandboxLaunch, ServerStdio } from './sandbox.js';

/** Spawns `launch` detached in `cwd`; throws only when Node refuses the arguments. */
export function spawnCommand(
  launch: SandboxLaunch,
  options: { cwd: string; output: CommandOutput; stdio?: ServerStdio },
): SandboxedCommand {
  const { fd } = options.output;
  const child = spawn(launch.file, launch.args, {
    cwd: options.cwd,
    env: launch.env,
    stdio: options.stdio ? ['pipe', 'pipe', fd] : ['ignore', fd, fd],
    detached: true,
  });
  if (options.stdio) relayStdio(child, options.stdio.socketPath);
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

/**
 * Connects to the server socket and relays it to the child's stdin and stdout, as the command
 * helper does for the other levels: the action reads and writes the socket whichever spawned it.
 * Either side closing ends the other.
 */
export function relayStdio(child: ChildProcess, socketPath: string): void {
  const socket = net.connect(socketPath);
  const stdin = child.stdin;
  const stdout = child.stdout;
  if (!stdin || !stdout) return void socket.destroy();
  socket.on('error', () => stdin.destroy());
  stdin.on('error', () => socket.destroy());
  socket.pipe(stdin);
  stdout.pipe(socket);
  child.once('exit', () => stdin.destroy());
}
