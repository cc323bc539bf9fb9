/**
 * One MCP server, connected with the SDK's `Client`: its tool list, its calls, and what is known
 * when it fails. Every failure — it did not start, stopped mid-call, did not answer in time,
 * refused a call — becomes a message the model can act on; none of them ends the run.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError, type Tool as McpToolInfo } from '@modelcontextprotocol/sdk/types.js';
import { MCP_SDK_TIMEOUT_GRACE_MS, MCP_TOOL_PAGES_MAX } from '../limits.js';
import type { ToolOutcome } from '../tools/tool.js';
import type { McpServerSpec } from './mcp-config.js';
import { toolResultText } from './tool-result-text.js';

export type { McpToolInfo };

/** A transport to one server, opened by whoever knows how to reach it. */
export interface OpenedTransport {
  transport: Transport;
  /** Why the server went away, once it has (a stdio server's exit and stderr). */
  endReason(): Promise<string | undefined>;
  /** Closes the transport and ends whatever runs behind it. */
  stop(): Promise<void>;
}

export type TransportOpener = (signal: AbortSignal) => Promise<OpenedTransport>;

/** A server that started, with the tools it offers here. */
export interface McpConnection {
  spec: McpServerSpec;
  /** Its tools the config lets through (`tools`, default all). */
  tools: McpToolInfo[];
  /** Names the config's `tools` lists that the server does not have. */
  missing: string[];
  /** Why it is no longer usable, once it is not. */
  problem(): string | undefined;
  call(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<ToolOutcome>;
  close(): Promise<void>;
}

export type ConnectResult =
  | { kind: 'connected'; connection: McpConnection }
  | { kind: 'failed'; reason: string };

/** Opens, initialises and lists tools within `signal`'s time; never throws. */
export async function connectMcpServer(
  spec: McpServerSpec,
  open: TransportOpener,
  signal: AbortSignal,
): Promise<ConnectResult> {
  let opened: OpenedTransport | undefined;
  const client = new Client({ name: 'agent-action', version: '1' }, { capabilities: {} });
  try {
    opened = await open(signal);
    await client.connect(opened.transport, { signal });
    const listed = await listTools(client, signal);
    const offered = spec.tools ? listed.filter((tool) => spec.tools!.includes(tool.name)) : listed;
    const missing = (spec.tools ?? []).filter((name) => !listed.some((tool) => tool.name === name));
    return { kind: 'connected', connection: connection(spec, client, opened, offered, missing) };
  } catch (error) {
    const reason = (await opened?.endReason()) ?? startFailure(error, signal);
    await client.close().catch(() => {});
    await opened?.stop().catch(() => {});
    return { kind: 'failed', reason };
  }
}

async function listTools(client: Client, signal: AbortSignal): Promise<McpToolInfo[]> {
  const tools: McpToolInfo[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MCP_TOOL_PAGES_MAX; page++) {
    const result = await client.listTools(cursor ? { cursor } : undefined, { signal });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return tools;
}

function connection(
  spec: McpServerSpec,
  client: Client,
  opened: OpenedTransport,
  tools: McpToolInfo[],
  missing: string[],
): McpConnection {
  let gone: string | undefined;
  let closing = false;
  const ended = async () => {
    gone ??= (await opened.endReason()) ?? 'the connection closed';
    return gone;
  };
  client.onclose = () => {
    if (!closing) void ended();
  };
  const seconds = Math.round(spec.timeoutMs / 1000);
  return {
    spec,
    tools,
    missing,
    problem: () => gone,
    async call(tool, args, signal) {
      const meta = { server: spec.name, serverTool: tool };
      if (gone) return { output: unusable(spec.name, gone), isError: true, meta };
      try {
        // The SDK's own timeout is a second later, so the wrapper's (a clearer message) comes first.
        const sdkTimeout = spec.timeoutMs + MCP_SDK_TIMEOUT_GRACE_MS;
        const options = { signal, timeout: sdkTimeout, maxTotalTimeout: sdkTimeout };
        const result = await client.callTool({ name: tool, arguments: args }, undefined, options);
        const { text, isError } = toolResultText(result as Parameters<typeof toolResultText>[0]);
        return { output: text, isError, meta };
      } catch (error) {
        if (signal.aborted) {
          const timedOut = signal.reason instanceof Error && signal.reason.name === 'TimeoutError';
          const output = timedOut
            ? `MCP server "${spec.name}" did not answer within ${seconds} s; the call was cancelled. Try a smaller request, or do without this tool.`
            : 'The call was cancelled.';
          return { output, isError: true, meta: { ...meta, ...(timedOut ? { timedOut } : {}) } };
        }
        if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
          return { output: `${unusable(spec.name, await ended())}`, isError: true, meta };
        }
        return {
          output: `MCP server "${spec.name}" could not run ${tool}: ${describe(error)}`,
          isError: true,
          meta,
        };
      }
    },
    async close() {
      closing = true;
      await client.close().catch(() => {});
      await opened.stop();
    },
  };
}

function unusable(server: string, why: string): string {
  return `MCP server "${server}" stopped: ${why}. Its tools cannot be used for the rest of this run; do without them.`;
}

function startFailure(error: unknown, signal: AbortSignal): string {
  return signal.aborted ? 'did not start in time' : describe(error);
}

/** An error as one clause; a remote server's HTTP status is named, since it says what to fix. */
function describe(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).replace(/^MCP error -?\d+: /, '');
  if (error instanceof StreamableHTTPError && error.code !== undefined)
    return `HTTP ${error.code} (${message.replace(/^Streamable HTTP error: /, '')})`;
  return message;
}
