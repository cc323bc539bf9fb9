import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ToolCallAssembler } from '../../../src/llm/tool-call-assembler.js';

describe('ToolCallAssembler', () => {
  it('completes a call when the next index starts, and the last one at the end', () => {
    const a = new ToolCallAssembler();
    assert.deepEqual(
      a.add({ index: 0, id: 'c0', type: 'function', function: { name: 'read_file', arguments: '' } }),
      [],
    );
    assert.deepEqual(a.add({ index: 0, function: { arguments: '{"path":' } }), []);
    assert.deepEqual(a.add({ index: 0, function: { arguments: '"a.ts"}' } }), []);
    const first = a.add({ index: 1, id: 'c1', type: 'function', function: { name: 'glob', arguments: '' } });
    assert.deepEqual(first, [{ id: 'c0', name: 'read_file', arguments: '{"path":"a.ts"}' }]);
    assert.deepEqual(a.add({ index: 1, function: { arguments: '{"pattern":"*.ts"}' } }), []);
    assert.deepEqual(a.finish(), [{ id: 'c1', name: 'glob', arguments: '{"pattern":"*.ts"}' }]);
    assert.equal(a.all().length, 2);
  });

  it('waits for the end when pieces of several calls are interleaved', () => {
    const a = new ToolCallAssembler();
    a.add({ index: 0, id: 'c0', function: { name: 'read_file', arguments: '' } });
    // index 1 starts while call 0 is still open: its arguments are not a JSON object yet.
    assert.deepEqual(a.add({ index: 1, id: 'c1', function: { name: 'read_file', arguments: '' } }), []);
    assert.deepEqual(a.add({ index: 0, function: { arguments: '{"path":"a' } }), []);
    assert.deepEqual(a.add({ index: 1, function: { arguments: '{"path":"b' } }), []);
    assert.deepEqual(a.add({ index: 0, function: { arguments: '.ts"}' } }), []);
    // Now call 0 parses and a later index is live: it completes, in order.
    const ready = a.add({ index: 1, function: { arguments: '.ts"}' } });
    assert.deepEqual(
      ready.map((c) => c.arguments),
      ['{"path":"a.ts"}'],
    );
    assert.deepEqual(
      a.finish().map((c) => c.arguments),
      ['{"path":"b.ts"}'],
    );
  });

  it('keeps broken JSON for the end instead of handing it out early', () => {
    const a = new ToolCallAssembler();
    a.add({ index: 0, id: 'c0', function: { name: 'edit_file', arguments: '{"path": "a.ts",' } });
    assert.deepEqual(a.add({ index: 1, id: 'c1', function: { name: 'glob', arguments: '{}' } }), []);
    assert.deepEqual(
      a.finish().map((c) => c.id),
      ['c0', 'c1'],
    );
  });

  it('copes with endpoints that reuse index 0 or omit ids and indices', () => {
    const a = new ToolCallAssembler();
    a.add({ index: 0, id: 'x', function: { name: 'glob', arguments: '{"pattern":"a"}' } });
    const ready = a.add({ index: 0, id: 'y', function: { name: 'glob', arguments: '{"pattern":"b"}' } });
    assert.deepEqual(
      ready.map((c) => c.id),
      ['x'],
    );
    const b = new ToolCallAssembler();
    b.add({ function: { name: 'grep', arguments: '{"pattern":' } });
    b.add({ function: { arguments: '"x"}' } });
    const [call] = b.finish();
    assert.deepEqual({ ...call, id: '' }, { id: '', name: 'grep', arguments: '{"pattern":"x"}' });
    assert.match(call?.id ?? '', /^call_[0-9a-f]{8}_0$/);
    const other = new ToolCallAssembler();
    other.add({ function: { name: 'grep', arguments: '{}' } });
    assert.notEqual(other.finish()[0]?.id, call?.id, 'a later turn gets other ids');
  });
});
