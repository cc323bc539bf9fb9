/** Stand-ins for MCP server tools on a shelf: each answers with its server and name. */
import { z } from 'zod';
import { defineTool } from '../../src/tools/tool.js';
import { type ShelvedTool, ToolShelf } from '../../src/tools/tool-shelf.js';

/** A shelved `mcp__<server>__<name>` tool with `description`. */
export function shelved(server: string, name: string, description: string, readOnly = false): ShelvedTool {
  const tool = defineTool({
    name: `mcp__${server}__${name}`,
    description,
    parameters: z.object({ q: z.string().optional() }),
    readOnly,
    execute: async () => ({ output: `${server}/${name}`, isError: false }),
  });
  return { tool, server, originalName: name, summary: description };
}

/** A GitHub-like and a docs server's tools, and a `jira` server that did not start. */
export function sampleShelf(): ToolShelf {
  return new ToolShelf(
    [
      shelved('github', 'list_issues', 'List issues of a repository.', true),
      shelved('github', 'create_issue', 'Create a new issue.'),
      shelved('github', 'get_file_contents', 'Read a file of a repository.', true),
      shelved('docs', 'search', 'Search the documentation; finds issue templates too.', true),
    ],
    () => new Map([['jira', 'did not start: exited with code 1']]),
  );
}
