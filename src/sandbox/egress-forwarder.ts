import { letGo, spawnJobProcess, stopJobProcess, waitForReadyLine } from './job-process.js';
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
  const child = spawnJobProcess(argv);
  const port = await waitForReadyLine(child, 'listening', 'the egress forwarder', READY_TIMEOUT_MS);
  letGo(child);
  return {
    port,
    stop() {
      return stopJobProcess(child);
    },
  };
}
