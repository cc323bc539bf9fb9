import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { modelSchema, schemaArguments } from '../../../src/mcp/schema-arguments.js';
import { parseToolArguments } from '../../../src/tools/invoke.js';

const issueSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    owner: { type: 'string' },
    state: { enum: ['open', 'closed'] },
    labels: { type: 'array', items: { type: 'string' } },
    page: { type: 'integer', minimum: 1 },
  },
  required: ['owner'],
  additionalProperties: false,
};

describe('schemaArguments', () => {
  it('accepts what the server’s 2020-12 schema accepts and names each problem by its path', () => {
    const { parameters, note } = schemaArguments(issueSchema);
    assert.equal(note, undefined);
    assert.deepEqual(parseToolArguments('{"owner":"octo","labels":["bug"],"page":2}', parameters), {
      kind: 'parsed',
      value: { owner: 'octo', labels: ['bug'], page: 2 },
      repaired: false,
    });
    const bad = parseToolArguments('{"state":"merged","labels":[3],"page":0,"extra":1}', parameters);
    assert.equal(bad.kind, 'invalid');
    assert.equal(
      bad.kind === 'invalid' && bad.message,
      [
        'Invalid arguments:',
        '- owner: required',
        '- (arguments): unknown property "extra"',
        '- state: must be one of "open", "closed"',
        '- labels.0: must be string',
        '- page: must be >= 1',
      ].join('\n'),
    );
  });

  it('repairs broken JSON only into arguments the schema accepts', () => {
    const { parameters } = schemaArguments(issueSchema);
    const repaired = parseToolArguments("{owner: 'octo', page: 2,}", parameters);
    assert.deepEqual(repaired, { kind: 'parsed', value: { owner: 'octo', page: 2 }, repaired: true });
    assert.equal(parseToolArguments("{page: 'two'}", parameters).kind, 'invalid');
  });

  it('reads draft-07 schemas, and leaves a schema Ajv cannot compile to the server', () => {
    const draft7 = schemaArguments({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { tags: { type: 'array', items: [{ type: 'string' }], additionalItems: false } },
    });
    assert.equal(parseToolArguments('{"tags":["a","b"]}', draft7.parameters).kind, 'invalid');
    const broken = schemaArguments({ type: 'object', properties: { a: { type: 'no-such-type' } } });
    assert.match(broken.note ?? '', /type/);
    assert.equal(parseToolArguments('{"a":1}', broken.parameters).kind, 'parsed');
  });

  it('shows the model the schema without its dialect and id, as an object schema', () => {
    assert.deepEqual(modelSchema({ $schema: 'x', $id: 'urn:y', properties: {} }), {
      type: 'object',
      properties: {},
    });
    assert.equal(modelSchema(issueSchema)['$schema'], undefined);
  });
});
