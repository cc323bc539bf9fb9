/**
 * The run's MCP servers: all started at once before the agent's first turn, each within its own
 * start timeout, their tools put on one shelf for `tool_search`. A server that does not start is
 * named in the log and the summary, and `tool_search` says why its tools are missing; the run
 * goes on with the others.
 */
import { MCP_START_TIMEOUT_MS, MCP_SUMMARY_TOOL_NAMES } from '../limits.js';
import { type ShelvedTool, ToolShelf } from '../tools/tool-shelf.js';
import type { McpServerSpec } from './mcp-config.js';
import { connectMcpServer, type McpConnection, type TransportOpener } from './mcp-connection.js';
import { type CallHooks, createMcpTool, mcpToolName } from './mcp-tool.js';

/** How to reach one server, or why it is not started at all. */
export type ServerLaunch =
  | { kind: 'open'; open: TransportOpener; hooks?: CallHooks }
  | { kind: 'skip'; reason: string };

export interface McpServers {
  /** Every offered tool of the servers that started. */
  shelf: ToolShelf;
  /** One Markdown paragraph for the job summary: servers, their tools, what failed. */
  summary(): string;
  /** Stops every server; call once, after the last agent. */
  close(): Promise<void>;
}

/** Starts `specs` in parallel; never throws for a server's failure. */
export async function startMcpServers(
  specs: readonly McpServerSpec[],
  launch: (spec: McpServerSpec) => ServerLaunch,
  log: { info(message: string): void; warning(message: string): void },
): Promise<McpServers> {
  const failed = new Map<string, string>();
  const results = await Promise.all(
    specs.map(async (spec) => {
      const how = launch(spec);
      if (how.kind === 'skip') return { spec, result: { kind: 'failed' as const, reason: how.reason } };
      const signal = AbortSignal.timeout(MCP_START_TIMEOUT_MS);
      return { spec, hooks: how.hooks, result: await connectMcpServer(spec, how.open, signal) };
    }),
  );
  const connections: McpConnection[] = [];
  const entries: ShelvedTool[] = [];
  const taken = new Set<string>();
  for (const { spec, hooks, result } of results) {
    if (result.kind === 'failed') {
      failed.set(spec.name, `did not start: ${result.reason}`);
      log.warning(`MCP server ${spec.name} did not start: ${result.reason}`);
      continue;
    }
    const { connection } = result;
    connections.push(connection);
    for (const info of connection.tools) {
      const entry = createMcpTool(connection, info, hooks);
      // Two names that only differ in characters providers refuse would collide once made safe.
      if (taken.has(entry.tool.name)) entry.tool.name = mcpToolName(spec.name, `${info.name}\0`);
      taken.add(entry.tool.name);
      entries.push(entry);
    }
    log.info(`MCP server ${spec.name} started: ${connection.tools.length} tools offered.`);
    if (connection.missing.length > 0)
      log.warning(
        `MCP server ${spec.name} has no tool ${connection.missing.join(', ')} (named in its \`tools\`).`,
      );
  }
  const problems = () => {
    const now = new Map(failed);
    for (const c of connections) {
      const problem = c.problem();
      if (problem) now.set(c.spec.name, `stopped: ${problem}`);
    }
    return now;
  };
  return {
    shelf: new ToolShelf(entries, problems),
    summary: () => summarise(specs, connections, problems()),
    close: async () => {
      await Promise.all(connections.map((c) => c.close().catch(() => {})));
    },
  };
}

function summarise(
  specs: readonly McpServerSpec[],
  connections: readonly McpConnection[],
  problems: ReadonlyMap<string, string>,
): string {
  if (specs.length === 0) return '';
  const parts = specs.map((spec) => {
    const connection = connections.find((c) => c.spec.name === spec.name);
    const kind = spec.kind === 'stdio' ? 'stdio' : 'http';
    const problem = problems.get(spec.name);
    if (!connection) return `⚠️ \`${spec.name}\` (${kind}) ${problem ?? 'did not start'}`;
    const names = connection.tools.map((t) => `\`${t.name}\``);
    const shown = names.slice(0, MCP_SUMMARY_TOOL_NAMES).join(', ');
    const more =
      names.length > MCP_SUMMARY_TOOL_NAMES ? ` and ${names.length - MCP_SUMMARY_TOOL_NAMES} more` : '';
    const tools = names.length === 0 ? 'no tools' : `${names.length} tools: ${shown}${more}`;
    const missing =
      connection.missing.length > 0 ? `; not on the server: ${connection.missing.join(', ')}` : '';
    return `${problem ? '⚠️ ' : ''}\`${spec.name}\` (${kind}, ${tools}${missing})${problem ? ` ${problem}` : ''}`;
  });
  return `**MCP servers:** ${parts.join('; ')}`;
}
