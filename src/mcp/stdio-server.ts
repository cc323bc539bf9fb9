/**
 * Starts a stdio MCP server the way agent commands start: through the run's sandbox (its user,
 * namespaces and network), in the workspace, with the environment it is given and nothing else.
 * The action listens on a private Unix socket; the sandbox's spawner connects to it and relays the
 * server's stdin and stdout, and stderr goes to a log file under the job's temp folder.
 */
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { MCP_STOP_GRACE_MS } from '../limits.js';
import type { CommandExit, Sandbox, SandboxedCommand } from '../sandbox/sandbox.js';
import type { McpStdioServer } from './mcp-config.js';
import { SocketTransport } from './socket-transport.js';

/** A started server: its transport, and how to learn why it ended. */
export interface StdioServerProcess {
  transport: SocketTransport;
  exited: Promise<CommandExit>;
  /** The end of what the server wrote to stderr. */
  stderrTail(): Promise<string>;
  /** Closes its stdin, then signals it if it does not exit. */
  stop(): Promise<void>;
}

export interface StdioLaunch {
  sandbox: Sandbox;
  /** The workspace: where commands run. */
  cwd: string;
  /** The whole environment of the server. */
  env: Record<string, string>;
  /** A private folder for the socket and the stderr log. */
  dir: string;
}

/**
 * Starts `spec` and resolves once its spawner has connected; rejects with the reason (including
 * the end of its stderr) when it ends first, or when `signal` aborts (the start timeout).
 */
export async function launchStdioServer(
  spec: McpStdioServer,
  launch: StdioLaunch,
  signal: AbortSignal,
): Promise<StdioServerProcess> {
  await mkdir(launch.dir, { recursive: true, mode: 0o700 });
  const logPath = path.join(launch.dir, `${spec.name}.log`);
  const socketPath = path.join(launch.dir, `${spec.name}.sock`);
  const log = await open(logPath, 'a', 0o600);
  const listener = net.createServer();
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(socketPath, resolve);
  });
  const connected = new Promise<net.Socket>((resolve) => listener.once('connection', resolve));
  const stderrTail = async () => lastLines(await readFile(logPath, 'utf8').catch(() => ''));
  let command: SandboxedCommand;
  try {
    command = launch.sandbox.start([spec.command, ...spec.args], {
      cwd: launch.cwd,
      env: launch.env,
      output: { fd: log.fd, path: logPath },
      stdio: { socketPath },
    });
  } catch (error) {
    listener.close();
    await log.close();
    throw error;
  }
  const exited = command.exited.finally(() => log.close().catch(() => {}));
  // Only the first of these counts; the others are settled for nobody.
  const ended = exited.then(async (exit) => {
    throw new Error(`${describeExit(exit)} before it answered${withTail(await stderrTail())}`);
  });
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new Error('did not start in time'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  ended.catch(() => {});
  aborted.catch(() => {});
  let socket: net.Socket;
  try {
    socket = await Promise.race([connected, ended, aborted]);
  } catch (error) {
    command.kill('SIGKILL');
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
    listener.close();
    await rm(socketPath, { force: true });
  }
  const transport = new SocketTransport(socket);
  return {
    transport,
    exited,
    stderrTail,
    async stop() {
      await transport.close();
      for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
        if (await settlesWithin(exited, MCP_STOP_GRACE_MS)) return;
        command.kill(signal);
      }
      await exited;
    },
  };
}

/** "exited with code 1", "was killed by SIGKILL", or the start error. */
export function describeExit(exit: CommandExit): string {
  if (exit.error) return `failed to run (${exit.error.message})`;
  if (exit.signal) return `was killed by ${exit.signal}`;
  return `exited with code ${exit.code}`;
}

/** `: <tail>` when the server wrote anything to stderr. */
export function withTail(tail: string): string {
  return tail ? ` (its last words on stderr: ${tail})` : '';
}

function lastLines(text: string): string {
  const lines = text.trim().split('\n').slice(-3).join(' / ');
  return lines.length > 400 ? `…${lines.slice(-400)}` : lines;
}

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = await Promise.race([promise.then(() => true), timeout]);
  clearTimeout(timer);
  return settled;
}
