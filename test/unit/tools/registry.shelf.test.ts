import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { invokeTool } from '../../../src/tools/invoke.js';
import { ToolRegistry } from '../../../src/tools/registry.js';
import { defineTool } from '../../../src/tools/tool.js';
import { sampleShelf } from '../../helpers/shelved-tools.js';

const core = ['read_file', 'bash', 'grep'].map((name) =>
  defineTool({
    name,
    description: name,
    parameters: z.object({}),
    readOnly: name !== 'bash',
    execute: async () => ({ output: name, isError: false }),
  }),
);
const call = (registry: ToolRegistry, name: string, args: object = {}) =>
  invokeTool(registry, { id: 'c', name, arguments: JSON.stringify(args) }, new AbortController().signal);

describe('ToolRegistry with a shelf', () => {
  it('keeps the sorted core first and appends loaded tools in load order, so earlier bytes never move', async () => {
    const registry = new ToolRegistry(core).withShelf(sampleShelf());
    const before = JSON.stringify(registry.definitions());
    assert.deepEqual(registry.names(), ['bash', 'grep', 'read_file', 'tool_search']);
    await call(registry, 'tool_search', { query: 'x', load: ['mcp__github__list_issues'] });
    const once = JSON.stringify(registry.definitions());
    await call(registry, 'tool_search', { query: 'x', load: ['mcp__docs__search'] });
    const twice = JSON.stringify(registry.definitions());
    assert.ok(once.startsWith(before.slice(0, -1)), 'the first request’s tools are a prefix of the next');
    assert.ok(twice.startsWith(once.slice(0, -1)));
    assert.deepEqual(registry.names().slice(-2), ['mcp__github__list_issues', 'mcp__docs__search']);
  });

  it('shares what was loaded with its copies, and hints at tool_search for a tool not loaded yet', async () => {
    const registry = new ToolRegistry(core).withShelf(sampleShelf());
    const reviewer = registry.withheld({ bash: 'no bash here' });
    const early = await call(reviewer, 'mcp__docs__search');
    assert.equal(early.isError, true);
    assert.equal(early.meta.status, 'error', 'not loaded is not a policy refusal');
    assert.match(
      early.output,
      /^mcp__docs__search is not loaded yet: call tool_search with "load": \["mcp__docs__search"\] first/,
    );
    await call(registry, 'tool_search', { query: 'docs', load: ['mcp__docs__search'] });
    const later = await call(reviewer, 'mcp__docs__search');
    assert.equal(later.output, 'docs/search');
    assert.ok(reviewer.names().includes('tool_search') && !reviewer.names().includes('bash'));
  });

  it('keeps the shelf through map: tools loaded after a wrapper was put around the core still reach the model', async () => {
    const wrapped = new ToolRegistry(core).withShelf(sampleShelf()).map((tool) => ({
      ...tool,
      execute: async (args, ctx) => {
        const result = await tool.execute(args, ctx);
        return { ...result, output: `${result.output}+note` };
      },
    }));
    await call(wrapped, 'tool_search', { query: 'docs', load: ['mcp__docs__search'] });
    assert.deepEqual(wrapped.names(), ['bash', 'grep', 'read_file', 'tool_search', 'mcp__docs__search']);
    assert.equal((await call(wrapped, 'mcp__docs__search')).output, 'docs/search');
    assert.equal((await call(wrapped, 'grep')).output, 'grep+note');
  });

  it('loads a small set up front, and refuses a core tool named like a shelved one', () => {
    const registry = new ToolRegistry(core).withShelf(sampleShelf(), true);
    assert.equal(registry.definitions().length, 8);
    const clash = defineTool({ ...core[0]!, name: 'mcp__docs__search' });
    assert.throws(
      () => new ToolRegistry([clash]).withShelf(sampleShelf()),
      /duplicate tool name: mcp__docs__search/,
    );
  });
});
