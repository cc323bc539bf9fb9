/**
 * `tool_search`: finds tools on the agent's shelf (the MCP servers' tools) and loads the chosen
 * ones for the rest of the run. Its description names the servers, so the model knows what there
 * is to look for without a schema of each tool in every request.
 */
import { z } from 'zod';
import { defineTool, type Tool, type ToolOutcome } from './tool.js';
import type { LoadedTools, ShelfSearch } from './tool-shelf.js';

const parameters = z.object({
  query: z.string().describe('Words to find in tool names and descriptions, and/or `server:<name>`'),
  load: z
    .array(z.string())
    .optional()
    .describe('Names to load, as listed; they stay loaded for the rest of the run'),
});

/** The tool, bound to one agent's loaded set. */
export function createToolSearchTool(loaded: LoadedTools): Tool<z.infer<typeof parameters>> {
  const servers = [...loaded.shelf.servers()].map(([name, count]) => `${name} (${count})`).join(', ');
  return defineTool({
    name: 'tool_search',
    // "All at once": each load changes the request's tools once, and the history after them is sent uncached.
    description: `Search the tools of the MCP servers ${servers} and load the ones you need, all at once if you can; they are not in your tool list until loaded.`,
    parameters,
    readOnly: true,
    async execute({ query, load }) {
      const found = loaded.shelf.search(query);
      const problems = loaded.shelf.problems();
      const server = [...loaded.shelf.servers().keys()].find((name) => name.toLowerCase() === found.server);
      if (found.server !== undefined && server === undefined)
        return { output: `There is no MCP server "${found.server}". Servers: ${servers}.`, isError: true };
      const unavailable = server !== undefined ? problems.get(server) : undefined;
      if (unavailable && found.total === 0)
        return { output: `MCP server "${server}" is not available: ${unavailable}`, isError: true };
      const outcome = load && load.length > 0 ? loading(load, loaded) : undefined;
      const parts = [listing(query, found, loaded), ...(outcome ? [outcome.output] : [])];
      const notes = [...problems].filter(([name]) => server === undefined || name === server);
      if (notes.length > 0)
        parts.push(`Not available: ${notes.map(([server, why]) => `${server} (${why})`).join('; ')}`);
      return { output: parts.join('\n\n'), isError: outcome?.isError ?? false };
    },
  });
}

function listing(query: string, found: ShelfSearch, loaded: LoadedTools): string {
  if (found.total === 0) return `No tool matches "${query}". Try other words, or \`server:<name>\` alone.`;
  const shown =
    found.matches.length < found.total ? ` (${found.matches.length} shown; narrow the query)` : '';
  const lines = found.matches.map(
    (entry) => `- ${entry.tool.name}${loaded.has(entry.tool.name) ? ' (loaded)' : ''}: ${entry.summary}`,
  );
  return [`${found.total} tools match "${query}"${shown}:`, ...lines].join('\n');
}

function loading(names: readonly string[], loaded: LoadedTools): ToolOutcome {
  const result = loaded.load(names);
  const lines = [
    ...(result.loaded.length > 0
      ? [`Loaded ${result.loaded.join(', ')}: call them like any other tool.`]
      : []),
    ...(result.already.length > 0 ? [`Already loaded: ${result.already.join(', ')}.`] : []),
    ...(result.unknown.length > 0
      ? [`Not found: ${result.unknown.join(', ')}. Load tools by the names listed above.`]
      : []),
  ];
  const isError = result.unknown.length > 0 && result.loaded.length === 0 && result.already.length === 0;
  return { output: lines.join('\n'), isError };
}
