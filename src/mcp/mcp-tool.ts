/**
 * One MCP server tool as a tool of this action: `mcp__<server>__<tool>`, the server's input
 * schema checked by `schema-arguments.ts` inside the one `invokeTool` pipeline, the config's
 * timeout, and read-only only when the server says so (`readOnlyHint`) and the config agrees
 * (`read-only: true`): a server's word alone does not make a tool safe to run alongside others
 * or in a review.
 */
import { createHash } from 'node:crypto';
import { MCP_DESCRIPTION_CHARS, TOOL_NAME_MAX_CHARS } from '../limits.js';
import { defineTool } from '../tools/tool.js';
import type { ShelvedTool } from '../tools/tool-shelf.js';
import type { McpConnection, McpToolInfo } from './mcp-connection.js';
import { modelSchema, schemaArguments } from './schema-arguments.js';

/** What runs around each call of a server's tools (the sandbox's hand-back, for stdio servers). */
export interface CallHooks {
  before?(): Promise<unknown>;
  after?(): void;
}

/** `mcp__<server>__<tool>`, made safe for providers; a long one keeps a hash of the whole. */
export function mcpToolName(server: string, tool: string): string {
  const name = `mcp__${server}__${tool.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  if (name.length <= TOOL_NAME_MAX_CHARS) return name;
  const hash = createHash('sha256').update(`${server}\0${tool}`).digest('hex').slice(0, 8);
  return `${name.slice(0, TOOL_NAME_MAX_CHARS - 9)}_${hash}`;
}

/** The shelf entry for one tool of `connection`. */
export function createMcpTool(
  connection: McpConnection,
  info: McpToolInfo,
  hooks: CallHooks = {},
): ShelvedTool {
  const { spec } = connection;
  const schema = modelSchema(info.inputSchema as Record<string, unknown>);
  const { parameters } = schemaArguments(info.inputSchema as Record<string, unknown>);
  const described = (info.description ?? info.title ?? info.annotations?.title ?? '').trim();
  const description =
    described.length > MCP_DESCRIPTION_CHARS
      ? `${described.slice(0, MCP_DESCRIPTION_CHARS - 1)}…`
      : described;
  const tool = defineTool({
    name: mcpToolName(spec.name, info.name),
    description: description || `${info.name} of the MCP server ${spec.name}`,
    parameters,
    jsonSchema: schema,
    readOnly: spec.readOnly && info.annotations?.readOnlyHint === true,
    timeoutMs: spec.timeoutMs,
    async execute(args, { signal }) {
      await hooks.before?.();
      try {
        return await connection.call(info.name, args, signal);
      } finally {
        hooks.after?.();
      }
    },
  });
  return {
    tool,
    server: spec.name,
    originalName: info.name,
    summary: summaryLine(description, tool.readOnly),
  };
}

/** The first sentence or line, short, and whether the tool changes anything. */
function summaryLine(description: string, readOnly: boolean): string {
  const first = description.split(/\n|(?<=\.)\s/)[0]?.trim() ?? '';
  const line = first.length > 120 ? `${first.slice(0, 119)}…` : first;
  return `${line || '(no description)'}${readOnly ? ' [read-only]' : ''}`;
}
