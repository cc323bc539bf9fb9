/**
 * Prompt cost of the tool definitions: the JSON the model receives in `tools`, ÷ 4 as a token
 * estimate. Includes the bash tool when `src/tools/bash.ts` is there to load. With MCP servers
 * configured, the request carries `tool_search` and none of their tools until the model loads
 * some: `tokens.tool_schemas.with_mcp_servers` is the core with 60 such tools on the shelf.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { createDefaultRegistry } from '../src/tools/default-registry.js';
import { defineTool, type Tool } from '../src/tools/tool.js';
import { type ShelvedTool, ToolShelf } from '../src/tools/tool-shelf.js';
import type { BenchFigure } from './run.js';

/**
 * `count` tools shaped like a GitHub MCP server's: a paragraph of description and a JSON Schema of
 * five properties (about 200 tokens each, as `github-mcp-server`'s issue and file tools are).
 */
export function fakeMcpShelf(count: number): ToolShelf {
  const entries: ShelvedTool[] = Array.from({ length: count }, (_, i) => {
    const server = i % 3 === 0 ? 'docs' : 'github';
    const name = `operation_${String(i).padStart(2, '0')}`;
    const tool = defineTool({
      name: `mcp__${server}__${name}`,
      description: `Performs operation ${i} on a repository: reads or changes issues, pull requests, files or branches, paginated, returning JSON with the fields the API gives.`,
      parameters: z.record(z.string(), z.unknown()),
      jsonSchema: {
        type: 'object',
        properties: {
          owner: { type: 'string', description: 'Repository owner (user or organisation)' },
          repo: { type: 'string', description: 'Repository name' },
          number: { type: 'integer', description: 'Issue or pull request number' },
          state: { type: 'string', enum: ['open', 'closed', 'all'], description: 'Filter by state' },
          page: { type: 'integer', minimum: 1, description: 'Page number for pagination' },
        },
        required: ['owner', 'repo'],
      },
      readOnly: false,
      execute: async () => ({ output: '{}', isError: false }),
    });
    return { tool, server, originalName: name, summary: tool.description.split(':')[0]! };
  });
  return new ToolShelf(entries);
}

/** The bash tool if it can be built with ordinary dependencies; undefined (and a note) otherwise. */
export async function loadBashTool(workspace: string): Promise<Tool<unknown> | undefined> {
  const bashModule = '../src/tools/bash.js';
  try {
    const { createBashTool } = await import(bashModule);
    const { unsandboxed } = await import('../src/sandbox/sandbox.js');
    return createBashTool({
      workspace,
      cwd: workspace,
      sandbox: unsandboxed,
      allowedCommands: [],
      env: {},
      logDir: workspace,
    });
  } catch (error) {
    console.error(`  bash tool not included: ${(error as Error).message.split('\n')[0]}`);
    return undefined;
  }
}

export default async function bench(): Promise<BenchFigure[]> {
  const workspace = await mkdtemp(path.join(tmpdir(), 'schemas-'));
  try {
    const bash = await loadBashTool(workspace);
    const registry = createDefaultRegistry({ workspace }, bash ? [bash] : []);
    const definitions = registry.definitions();
    const figures: BenchFigure[] = [
      {
        name: 'tokens.tool_schemas',
        value: Math.ceil(JSON.stringify(definitions).length / 4),
        unit: bash ? 'tokens' : 'tokens (no bash)',
        target: '<= 1500',
      },
    ];
    const shelf = fakeMcpShelf(60);
    const withServers = registry.withShelf(shelf).definitions();
    const everything = registry.withShelf(shelf, true).definitions();
    figures.push(
      {
        name: 'tokens.tool_schemas.with_mcp_servers',
        value: Math.ceil(JSON.stringify(withServers).length / 4),
        unit: 'tokens (60 MCP tools on the shelf)',
        target: '<= 1500',
      },
      {
        name: 'tokens.tool_schemas.all_mcp_tools_sent',
        value: Math.ceil(JSON.stringify(everything).length / 4),
        unit: 'tokens (the same 60 sent every request)',
      },
    );
    for (const definition of [...definitions, withServers.find((d) => d.function.name === 'tool_search')!]) {
      figures.push({
        name: `tokens.tool_schemas.${definition.function.name}`,
        value: Math.ceil(JSON.stringify(definition).length / 4),
        unit: 'tokens',
      });
    }
    return figures;
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
}
