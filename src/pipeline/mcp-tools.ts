/**
 * The run's MCP servers, wired to the run: stdio servers start through the run's sandbox with the
 * environment agent-run commands get (the proxy variables under `network: allowlist`) plus their
 * own `env`; remote servers are reached by the action only where `allowed-domains` (or
 * `network: on`) lets it. Review runs start only the servers marked `read-only: true` and keep only
 * their read-only tools.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parseAllowedHosts } from '../egress/allowed-hosts.js';
import { MCP_EXIT_WAIT_MS, MCP_PRELOAD_MAX_TOOLS, UNIX_SOCKET_PATH_MAX } from '../limits.js';
import type { McpServerSpec, McpStdioServer } from '../mcp/mcp-config.js';
import type { OpenedTransport } from '../mcp/mcp-connection.js';
import { type McpServers, type ServerLaunch, startMcpServers } from '../mcp/mcp-servers.js';
import { remoteFetch } from '../mcp/remote-fetch.js';
import { describeExit, launchStdioServer, withTail } from '../mcp/stdio-server.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import type { CommandHost } from './command-host.js';

export interface McpToolSettings {
  servers: readonly McpServerSpec[];
  network: 'off' | 'allowlist' | 'on';
  allowedDomains?: readonly string[];
  /** Review runs: only `read-only: true` servers, only their read-only tools. */
  readOnly?: boolean;
}

/** The started servers, and whether their tools are few enough to load up front. */
export interface RunMcp extends McpServers {
  /** At most `MCP_PRELOAD_MAX_TOOLS` tools: all are in every request, no search needed first. */
  preload: boolean;
}

/** Where stdio servers run: the run's sandbox and the commands' environment. */
export interface McpSandbox {
  sandbox: Sandbox;
  env: Record<string, string>;
}

/**
 * Starts the configured servers; undefined when there are none. Without `where` (a fork's review,
 * which runs nothing) stdio servers are not started and the summary says why.
 */
export async function startMcpTools(
  host: CommandHost,
  settings: McpToolSettings,
  where: McpSandbox | undefined,
): Promise<RunMcp | undefined> {
  const specs = settings.readOnly ? settings.servers.filter((s) => s.readOnly) : settings.servers;
  for (const skipped of settings.servers.filter((s) => !specs.includes(s)))
    host.log.info(
      `MCP server ${skipped.name} is not started: review runs use only servers marked \`read-only: true\`.`,
    );
  if (specs.length === 0) return undefined;
  const dir = await privateDir(host.tempDir, Math.max(...specs.map((s) => s.name.length)));
  const rules = parseAllowedHosts(settings.allowedDomains ?? []);
  const launch = (spec: McpServerSpec): ServerLaunch => {
    if (spec.kind === 'http')
      return { kind: 'open', open: async () => openRemote(spec.url, spec.headers, settings.network, rules) };
    if (!where)
      return {
        kind: 'skip',
        reason: 'stdio servers run in the sandbox, and a review of a fork’s pull request runs nothing',
      };
    const { sandbox } = where;
    return {
      kind: 'open',
      open: (signal) =>
        openStdio(spec, { sandbox, cwd: host.workspace, env: { ...where.env, ...spec.env }, dir }, signal),
      // Like a command: the hand-back of what the server created runs after the call, never during one.
      hooks: { before: async () => sandbox.settle?.(), after: () => sandbox.afterCommand?.() },
    };
  };
  const servers = await startMcpServers(specs, launch, host.log);
  const shelf = settings.readOnly ? servers.shelf.filter((entry) => entry.tool.readOnly) : servers.shelf;
  return {
    ...servers,
    shelf,
    preload: shelf.names().length <= MCP_PRELOAD_MAX_TOOLS,
    close: async () => {
      await servers.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function openStdio(
  spec: McpStdioServer,
  launch: Parameters<typeof launchStdioServer>[1],
  signal: AbortSignal,
): Promise<OpenedTransport> {
  const server = await launchStdioServer(spec, launch, signal);
  return {
    transport: server.transport,
    async endReason() {
      if (server.transport.failure) return server.transport.failure;
      const wait = new Promise<undefined>((resolve) =>
        setTimeout(() => resolve(undefined), MCP_EXIT_WAIT_MS),
      );
      const exit = await Promise.race([server.exited, wait]);
      return exit ? `it ${describeExit(exit)}${withTail(await server.stderrTail())}` : undefined;
    },
    stop: () => server.stop(),
  };
}

function openRemote(
  url: string,
  headers: Record<string, string>,
  network: McpToolSettings['network'],
  rules: ReturnType<typeof parseAllowedHosts>,
): OpenedTransport {
  const remote = remoteFetch({ network, rules });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: remote.fetch,
    requestInit: { headers },
  });
  return {
    transport,
    endReason: async () => undefined,
    async stop() {
      await transport.close().catch(() => {});
      await remote.close();
    },
  };
}

/** A 0700 folder for the servers' sockets and stderr logs, short enough for a socket path. */
async function privateDir(tempDir: string, longestName: number): Promise<string> {
  const dir = await mkdtemp(path.join(tempDir, 'agent-action-mcp-'));
  if (Buffer.byteLength(path.join(dir, `${'x'.repeat(longestName)}.sock`)) <= UNIX_SOCKET_PATH_MAX)
    return dir;
  await rm(dir, { recursive: true, force: true });
  return mkdtemp(path.join(tmpdir(), 'agent-mcp-'));
}
