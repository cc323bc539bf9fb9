import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { ToolRegistry } from '../../../src/tools/registry.js';
import { defineTool } from '../../../src/tools/tool.js';

const make = (name: string) =>
  defineTool({
    name,
    description: `The ${name} tool.`,
    parameters: z.object({ n: z.number().int().min(1).describe('count'), s: z.string().optional() }),
    readOnly: true,
    execute: async () => ({ output: name, isError: false }),
  });

describe('ToolRegistry', () => {
  const registry = new ToolRegistry([make('zeta'), make('alpha'), make('mid')]);

  it('looks tools up by name and lists names sorted', () => {
    assert.equal(registry.get('mid')?.name, 'mid');
    assert.equal(registry.get('nope'), undefined);
    assert.deepEqual(registry.names(), ['alpha', 'mid', 'zeta']);
  });

  it('builds compact OpenAI definitions from the zod schema, sorted by name', () => {
    const definitions = registry.definitions();
    assert.deepEqual(
      definitions.map((d) => d.function.name),
      ['alpha', 'mid', 'zeta'],
    );
    assert.deepEqual(definitions[0], {
      type: 'function',
      function: {
        name: 'alpha',
        description: 'The alpha tool.',
        parameters: {
          type: 'object',
          properties: { n: { type: 'integer', minimum: 1, description: 'count' }, s: { type: 'string' } },
          required: ['n'],
          additionalProperties: false,
        },
      },
    });
    assert.equal(JSON.stringify(registry.definitions()), JSON.stringify(definitions), 'stable output');
  });

  it('makes a filtered copy without touching the original', () => {
    const restricted = registry.without('zeta', 'unknown');
    assert.deepEqual(restricted.names(), ['alpha', 'mid']);
    assert.deepEqual(registry.names(), ['alpha', 'mid', 'zeta']);
  });

  it('refuses duplicate names (a wiring bug)', () => {
    assert.throws(() => new ToolRegistry([make('a'), make('a')]), /duplicate tool name: a/);
  });
});

describe('ToolRegistry.withheld', () => {
  it('leaves the tools out of the definitions and tells a caller why', async () => {
    const { invokeTool } = await import('../../../src/tools/invoke.js');
    const registry = new ToolRegistry([make('read'), make('write')])
      .withheld({ write: 'write is not available here.', other: 'other is not available here.' })
      .with(make('comment'));
    assert.deepEqual(registry.names(), ['comment', 'read']);
    assert.deepEqual(
      registry.definitions().map((d) => d.function.name),
      ['comment', 'read'],
    );
    const result = await invokeTool(
      registry,
      { id: '1', name: 'write', arguments: '{}' },
      new AbortController().signal,
    );
    assert.equal(result.isError, true);
    assert.equal(result.meta.status, 'denied');
    assert.match(result.output, /^write is not available here\. Available tools: comment, read\./);
    const unknown = await invokeTool(
      registry,
      { id: '2', name: 'nope', arguments: '{}' },
      new AbortController().signal,
    );
    assert.match(unknown.output, /^Unknown tool "nope"/);
    assert.equal(
      registry.without('read').refusal('other'),
      'other is not available here.',
      'kept by without()',
    );
  });
});
