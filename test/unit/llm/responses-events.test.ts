import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ResponseStreamEvent } from 'openai/resources/responses/responses';
import { ResponsesTurnReader } from '../../../src/llm/responses-events.js';

const usage = {
  input_tokens: 900,
  input_tokens_details: { cached_tokens: 600, cache_write_tokens: 0 },
  output_tokens: 120,
  output_tokens_details: { reasoning_tokens: 80 },
  total_tokens: 1020,
};
const fc = (index: number, callId: string, name: string, args = '') => ({
  id: `fc_${index}`,
  type: 'function_call' as const,
  call_id: callId,
  name,
  arguments: args,
  status: 'in_progress' as const,
});
const response = (status: string, output: unknown[], extra: object = {}) =>
  ({ id: 'resp_1', object: 'response', status, output, usage, ...extra }) as any;

/** Feeds `events`, recording after which event each call was handed out. */
function play(events: object[]) {
  const reader = new ResponsesTurnReader();
  const handedOut: { id: string; afterEvent: number }[] = [];
  let text = '';
  events.forEach((event, i) => {
    const step = reader.read(event as ResponseStreamEvent);
    text += step.text ?? '';
    for (const call of step.calls) handedOut.push({ id: call.id, afterEvent: i });
  });
  return { reader, handedOut, text };
}

describe('ResponsesTurnReader', () => {
  it('hands out each call at its arguments.done, frozen from then on, and ends on response.completed', () => {
    const { reader, handedOut, text } = play([
      { type: 'response.created', response: response('in_progress', []) },
      {
        type: 'response.output_item.added',
        output_index: 0,
        item: { id: 'rs_1', type: 'reasoning', summary: [] },
      },
      {
        type: 'response.output_item.done',
        output_index: 0,
        item: { id: 'rs_1', type: 'reasoning', summary: [], encrypted_content: 'gAAA' },
      },
      {
        type: 'response.output_text.delta',
        output_index: 1,
        item_id: 'msg_1',
        content_index: 0,
        delta: 'Reading ',
      },
      {
        type: 'response.output_text.delta',
        output_index: 1,
        item_id: 'msg_1',
        content_index: 0,
        delta: 'both.',
      },
      { type: 'response.output_item.added', output_index: 2, item: fc(2, 'call_a', 'read_file') },
      { type: 'response.function_call_arguments.delta', output_index: 2, item_id: 'fc_2', delta: '{"path":' },
      { type: 'response.function_call_arguments.delta', output_index: 2, item_id: 'fc_2', delta: '"a.ts"}' },
      {
        type: 'response.function_call_arguments.done',
        output_index: 2,
        item_id: 'fc_2',
        arguments: '{"path":"a.ts"}',
      },
      { type: 'response.output_item.added', output_index: 3, item: fc(3, 'call_b', 'grep') },
      {
        type: 'response.function_call_arguments.delta',
        output_index: 3,
        item_id: 'fc_3',
        delta: '{"pattern":"x"}',
      },
      {
        type: 'response.function_call_arguments.done',
        output_index: 3,
        item_id: 'fc_3',
        arguments: '{"pattern":"x"}',
      },
      {
        type: 'response.output_item.done',
        output_index: 3,
        item: { ...fc(3, 'call_b', 'grep', '{"pattern":"CHANGED"}'), status: 'completed' },
      },
      {
        type: 'response.completed',
        response: response('completed', [
          { id: 'rs_1', type: 'reasoning', summary: [], encrypted_content: 'gAAA' },
          fc(2, 'call_a', 'read_file', '{"path":"a.ts"}'),
          fc(3, 'call_b', 'grep', '{"pattern":"x"}'),
        ]),
      },
    ]);
    assert.deepEqual(handedOut, [
      { id: 'call_a', afterEvent: 8 },
      { id: 'call_b', afterEvent: 11 },
    ]);
    assert.equal(text, 'Reading both.');
    assert.equal(reader.content(), 'Reading both.');
    assert.deepEqual(reader.toolCalls(), [
      { id: 'call_a', name: 'read_file', arguments: '{"path":"a.ts"}' },
      { id: 'call_b', name: 'grep', arguments: '{"pattern":"x"}' },
    ]);
    assert.deepEqual(reader.end, { kind: 'completed', finishReason: 'tool_calls', usage });
    assert.deepEqual(
      reader.outputItems().map((item) => item.type),
      ['reasoning', 'function_call', 'function_call'],
    );
  });

  it('takes a call from output_item.done or response.completed when an endpoint skips the argument events', () => {
    const { reader, handedOut } = play([
      {
        type: 'response.output_item.done',
        output_index: 0,
        item: { ...fc(0, 'call_x', 'glob', '{"pattern":"*.ts"}'), status: 'completed' },
      },
      {
        type: 'response.completed',
        response: response('completed', [
          fc(0, 'call_x', 'glob', '{"pattern":"*.ts"}'),
          fc(1, 'call_y', 'grep', '{}'),
        ]),
      },
    ]);
    assert.deepEqual(handedOut, [
      { id: 'call_x', afterEvent: 0 },
      { id: 'call_y', afterEvent: 1 },
    ]);
    assert.equal(reader.toolCalls().length, 2);
  });

  it('reads the text of a completed response that streamed none, and finishes with stop', () => {
    const { reader } = play([
      {
        type: 'response.completed',
        response: response('completed', [
          {
            id: 'msg_1',
            type: 'message',
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: 'All done.', annotations: [] }],
          },
        ]),
      },
    ]);
    assert.equal(reader.content(), 'All done.');
    assert.equal(reader.end?.kind === 'completed' && reader.end.finishReason, 'stop');
  });

  it('maps response.incomplete to the Chat finish reasons, and failures to a failed end', () => {
    const length = play([
      {
        type: 'response.incomplete',
        response: response('incomplete', [], { incomplete_details: { reason: 'max_output_tokens' } }),
      },
    ]);
    assert.equal(length.reader.end?.kind === 'incomplete' && length.reader.end.finishReason, 'length');
    const filtered = play([
      {
        type: 'response.incomplete',
        response: response('incomplete', [], { incomplete_details: { reason: 'content_filter' } }),
      },
    ]);
    assert.equal(
      filtered.reader.end?.kind === 'incomplete' && filtered.reader.end.finishReason,
      'content_filter',
    );
    const failed = play([
      {
        type: 'response.failed',
        response: response('failed', [], {
          error: { code: 'server_error', message: 'The server had an error.' },
        }),
      },
    ]);
    assert.deepEqual(failed.reader.end, {
      kind: 'failed',
      code: 'server_error',
      message: 'The server had an error.',
    });
    const error = play([
      {
        type: 'error',
        code: 'context_length_exceeded',
        message: 'Your input exceeds the context window of this model.',
        param: 'input',
        sequence_number: 3,
      },
    ]);
    assert.deepEqual(error.reader.end, {
      kind: 'failed',
      code: 'context_length_exceeded',
      message: 'Your input exceeds the context window of this model.',
    });
  });

  it('keeps only handed-out calls in emittedCalls (a stream that broke mid-call)', () => {
    const { reader } = play([
      { type: 'response.output_item.added', output_index: 0, item: fc(0, 'call_a', 'read_file') },
      {
        type: 'response.function_call_arguments.done',
        output_index: 0,
        item_id: 'fc_0',
        arguments: '{"path":"a"}',
      },
      { type: 'response.output_item.added', output_index: 1, item: fc(1, 'call_b', 'read_file') },
      { type: 'response.function_call_arguments.delta', output_index: 1, item_id: 'fc_1', delta: '{"pa' },
    ]);
    assert.deepEqual(
      reader.emittedCalls().map((c) => c.id),
      ['call_a'],
    );
    assert.equal(reader.end, undefined);
  });
});
