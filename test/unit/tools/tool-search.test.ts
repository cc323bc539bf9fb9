import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { invokeTool } from '../../../src/tools/invoke.js';
import { ToolRegistry } from '../../../src/tools/registry.js';
import { sampleShelf } from '../../helpers/shelved-tools.js';

const call = (registry: ToolRegistry, name: string, args: object) =>
  invokeTool(registry, { id: 'c1', name, arguments: JSON.stringify(args) }, new AbortController().signal);

describe('tool_search', () => {
  it('names the servers in its description and lists matches with one line each', async () => {
    const registry = new ToolRegistry([]).withShelf(sampleShelf());
    const tool = registry.get('tool_search')!;
    assert.match(
      tool.description,
      /MCP servers docs \(1\), github \(3\), jira \(0\) and load the ones you need/,
    );
    assert.equal(tool.readOnly, true);
    const result = await call(registry, 'tool_search', { query: 'issue' });
    assert.equal(result.isError, false);
    assert.match(result.output, /^3 tools match "issue":\n- mcp__github__create_issue: Create a new issue\./);
    assert.match(result.output, /Not available: jira \(did not start: exited with code 1\)/);
  });

  it('loads the chosen tools for this agent only, and says which names it did not know', async () => {
    const shelf = sampleShelf();
    const registry = new ToolRegistry([]).withShelf(shelf);
    const other = new ToolRegistry([]).withShelf(shelf);
    const result = await call(registry, 'tool_search', {
      query: 'server:github',
      load: ['mcp__github__list_issues', 'list_issues'],
    });
    assert.equal(result.isError, false);
    assert.match(result.output, /Loaded mcp__github__list_issues: call them like any other tool\./);
    assert.match(result.output, /Not found: list_issues\. Load tools by the names listed above\./);
    assert.match(result.output, /- mcp__github__list_issues \(loaded\): /);
    assert.deepEqual(registry.names(), ['tool_search', 'mcp__github__list_issues']);
    assert.deepEqual(other.names(), ['tool_search']);
    const only = await call(registry, 'tool_search', { query: 'x', load: ['nope'] });
    assert.equal(only.isError, true, 'nothing loaded and nothing known: an error');
  });

  it('says why a failed server has no tools, and that an unknown one does not exist', async () => {
    const registry = new ToolRegistry([]).withShelf(sampleShelf());
    const failed = await call(registry, 'tool_search', { query: 'server:jira' });
    assert.equal(failed.isError, true);
    assert.match(failed.output, /^MCP server "jira" is not available: did not start: exited with code 1/);
    const unknown = await call(registry, 'tool_search', { query: 'server:gitlab' });
    assert.match(
      unknown.output,
      /^There is no MCP server "gitlab"\. Servers: docs \(1\), github \(3\), jira \(0\)\./,
    );
  });
});
