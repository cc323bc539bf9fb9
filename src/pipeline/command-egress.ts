/**
 * `network: allowlist` for one run: the egress proxy (owned by the action, outside the sandbox,
 * on a Unix socket in the job's temp folder) and the forwarder inside the commands' network
 * namespace that is their only way to it. Commands get the proxy variables; what they try to
 * reach and are refused is counted for the report.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllowedHosts } from '../egress/allowed-hosts.js';
import type { BlockedHosts } from '../egress/blocked-hosts-report.js';
import { type EgressProxy, startEgressProxy } from '../egress/egress-proxy.js';
import { proxyEnv } from '../egress/proxy-env.js';
import { UNIX_SOCKET_PATH_MAX } from '../limits.js';
import type { ManagedSandbox } from '../sandbox/detect-sandbox.js';
import { type EgressForwarder, startEgressForwarder } from '../sandbox/egress-forwarder.js';

/** The running allowlist: what commands get, what was refused, and how to stop it. */
export interface CommandEgress {
  /** Added to the commands' scrubbed environment. */
  env: Record<string, string>;
  /** Hosts refused so far, with how many times each. */
  blockedHosts(): BlockedHosts;
  /** A downgrade to report (the allowlist could not be enforced), if any. */
  warning?: string;
  stop(): Promise<void>;
}

export interface CommandEgressOptions {
  /** The `allowed-domains` entries (validated when the inputs were read). */
  allowedDomains: readonly string[];
  sandbox: ManagedSandbox;
  tempDir: string;
}

/**
 * Starts the proxy and, when the sandbox has its own network namespace, the forwarder in it.
 * Without one (`none`) the proxy listens on the runner's loopback and only commands that honour
 * the proxy variables use it: reported as a downgrade. Throws when the forwarder cannot start,
 * leaving commands loopback only.
 */
export async function startCommandEgress(options: CommandEgressOptions): Promise<CommandEgress> {
  const rules = parseAllowedHosts(options.allowedDomains);
  const enter = options.sandbox.enterNetwork;
  // Landlock's network rules name a port, never a host: allowing the proxy's port would allow that
  // port on every host too. Commands get no network instead (the allowlist fails closed).
  if (!enter && options.sandbox.level === 'landlock')
    return {
      env: {},
      blockedHosts: () => new Map(),
      warning:
        '⚠️ `network: allowlist` cannot be enforced at level `landlock` (its network rules name ports, not hosts): commands have no network.',
      stop: async () => {},
    };
  if (!enter) {
    const proxy = await startEgressProxy({ rules }, { port: 0 });
    const port = 'port' in proxy.address ? proxy.address.port : 0;
    return {
      env: proxyEnv(port),
      blockedHosts: () => proxy.blockedHosts(),
      warning:
        '⚠️ `network: allowlist` is not enforced: this sandbox level has no network namespace, so commands that ignore the proxy variables reach any host.',
      stop: () => proxy.close(),
    };
  }
  const dir = await socketDir(options.tempDir);
  const socketPath = path.join(dir, 'proxy.sock');
  let proxy: EgressProxy | undefined;
  let forwarder: EgressForwarder | undefined;
  const stop = async () => {
    await forwarder?.stop();
    await proxy?.close();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    proxy = await startEgressProxy({ rules }, { path: socketPath });
    forwarder = await startEgressForwarder({ enter, socketPath });
  } catch (error) {
    await stop();
    throw error;
  }
  const running = proxy;
  return {
    env: proxyEnv(forwarder.port),
    blockedHosts: () => running.blockedHosts(),
    stop,
  };
}

/**
 * A private (0700) folder for the proxy's socket: in the job's temp folder, or, when that path is
 * too long for a socket, in the system temp folder. Commands see neither (both are covered).
 */
async function socketDir(tempDir: string): Promise<string> {
  const parent = path.join(tempDir, 'agent-action');
  await mkdir(parent, { recursive: true });
  const dir = await mkdtemp(path.join(parent, 'egress-'));
  if (Buffer.byteLength(path.join(dir, 'proxy.sock')) <= UNIX_SOCKET_PATH_MAX) return dir;
  await rm(dir, { recursive: true, force: true });
  return mkdtemp(path.join(tmpdir(), 'agent-egress-'));
}
