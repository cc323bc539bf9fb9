/**
 * The one way out of the commands' network namespace with `network: allowlist`: a small Node
 * process that lives in that namespace (so it can listen on its loopback, where commands find it)
 * but stays in the action's mount namespace and runs as the action's user (so it can reach the
 * egress proxy's Unix socket, which commands never see). Each connection is piped to the socket
 * unchanged; the proxy decides. Node is what the action already runs on, so no system package
 * (socat) is needed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { SYSTEM_PATH } from './host-probe.js';
import type { Privilege, SandboxTools } from './namespace-sandbox.js';

/**
 * Run with `node -e`: `argv[1]` is the proxy's socket. Listens on 127.0.0.1 (any free port),
 * prints `listening <port>`, and exits when its stdin closes (the action stopping it, or dying).
 */
export const FORWARDER_SCRIPT = `const net = require('node:net');
const socketPath = process.argv[1];
const server = net.createServer((client) => {
  const upstream = net.connect(socketPath);
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
  client.pipe(upstream);
  upstream.pipe(client);
});
server.listen(0, '127.0.0.1', () => process.stdout.write('listening ' + server.address().port + '\\n'));
server.on('error', (error) => { process.stderr.write(String(error.message) + '\\n'); process.exit(1); });
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
`;

/**
 * The argv prefix that runs a program in the namespace holder's network namespace (and, for
 * `userns`, its user namespace), keeping the caller's mount namespace and ending as `owner`.
 */
export function networkEntry(
  privilege: Privilege,
  tools: SandboxTools,
  holderPid: number,
  owner: { uid: number; gid: number },
): string[] {
  const enter = [
    tools.nsenter,
    `--target=${holderPid}`,
    ...(privilege === 'userns' ? ['--user', '--preserve-credentials'] : []),
    '--net',
    '--',
  ];
  if (privilege !== 'sudo') return enter;
  if (!tools.sudo) throw new Error('sudo privilege without a sudo binary');
  // Entering a namespace needs root; the forwarder itself does not, so it drops back to the runner.
  const drop = [tools.setpriv, `--reuid=${owner.uid}`, `--regid=${owner.gid}`, '--clear-groups', '--'];
  return [tools.sudo, '-n', '--', ...enter, ...drop];
}

/** A running forwarder. */
export interface EgressForwarder {
  /** The port it listens on, on 127.0.0.1 inside the commands' network namespace. */
  port: number;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 15_000;

/** Starts the forwarder through `enter` (see {@link networkEntry}) towards the proxy at `socketPath`. */
export async function startEgressForwarder(options: {
  enter: readonly string[];
  socketPath: string;
  node?: string;
}): Promise<EgressForwarder> {
  const argv = [
    ...options.enter,
    options.node ?? process.execPath,
    '-e',
    FORWARDER_SCRIPT,
    options.socketPath,
  ];
  const child = spawn(argv[0]!, argv.slice(1), {
    env: { PATH: SYSTEM_PATH, LANG: 'C' },
    stdio: ['pipe', 'pipe', 'pipe'],
    cwd: '/',
  });
  const port = await waitForPort(child);
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr])
    (stream as { unref?: () => void })?.unref?.();
  return {
    port,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.stdin?.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function waitForPort(child: ChildProcess): Promise<number> {
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      const detail = stderr.trim().split('\n')[0];
      reject(new Error(`the egress forwarder ${why}${detail ? `: ${detail}` : ''}`));
    };
    const timer = setTimeout(() => fail('did not start in time'), READY_TIMEOUT_MS);
    child.on('error', (error) => fail(`could not start (${error.message})`));
    child.on('exit', (code) => fail(`exited with ${code}`));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^listening (\d+)$/m.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve(Number(match[1]));
    });
  });
}
